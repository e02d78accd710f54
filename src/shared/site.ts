/** What the public pages know about the company: from configuration, shipped to the browser, so nothing secret. */
export type SiteInfo = {
  siteName: string;
  legalName: string;
  address: string;
  email: string;
  phone: string;
  companyId: string;
  publicUrl: string;
  /** the consumer mediator (L612-1): shown in the CGV, the legal notices and the contract e-mail */
  mediator: { name: string; url: string; address: string };
  /** the legal notices' host and director of publication */
  hostingProvider: string;
  publicationDirector: string;
  /** the company's representative in the EU (RGPD art. 27), when one is named */
  euRepresentative?: string;
  /** the e-mail carrier, named as a processor, when set */
  smtpProvider?: string;
  /** « Payer en ligne » is offered (the provider's settings are given); absent when off */
  onlinePayment?: true;
  /** screen sharing goes through a relay (TURN_URL or ICE_SERVERS): named as a processor on the privacy page */
  screenShareRelay?: true;
};
