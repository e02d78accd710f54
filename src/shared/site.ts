/** What the public pages know about the company: from configuration, shipped to the browser, so nothing secret. */
export type SiteInfo = {
  siteName: string;
  legalName: string;
  address: string;
  email: string;
  phone: string;
  companyId: string;
  publicUrl: string;
  /** « Payer en ligne » is offered (the provider's settings are given); absent when off */
  onlinePayment?: true;
};
