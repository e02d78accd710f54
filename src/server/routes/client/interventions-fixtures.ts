/** An assistance request as the client-area form sends it. */
export const request = (description: string) => ({
  description,
  urgency: 'high',
  deviceType: 'pc_windows',
  deviceInfo: 'Dell Inspiron 15',
});
