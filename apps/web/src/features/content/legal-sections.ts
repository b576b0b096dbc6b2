/** The legal texts the footer links to: short, plain, and true of what this shop actually does. */
export interface LegalSection {
  /** The anchor the footer links to: /legal#<id>. */
  id: string;
  title: string;
  paragraphs: string[];
}

export const LEGAL_SECTIONS: LegalSection[] = [
  {
    id: "terms-of-use",
    title: "Terms of use",
    paragraphs: [
      "Toolshop sells the electrical and mechanical hand tools shown in its catalogue. Prices are in US dollars and are set by us when you order: the price shown at checkout is the price you pay.",
      "Each tool has a minimum order quantity and a stock. An order is accepted only when its quantity is at least the minimum and no more than what is in stock; the units are reserved for you as soon as the order is placed.",
      "An order is paid by card from My orders. You can delete an order until it is paid; a paid order is shipped to the address you gave and cannot be deleted from the site. For a change or a return, write to us through the request-for-quote form on the home page.",
      "Reviews are published with your name. Keep them about the tools and the service; we remove reviews that are abusive or about something else.",
    ],
  },
  {
    id: "privacy-policy",
    title: "Privacy policy",
    paragraphs: [
      "We keep what the shop needs to work and nothing more: your name, email address and a hash of your password (never the password itself) when you create an account; the address, phone number and items of each order; the payment id that the card processor returns (we never see or store your card number); your profile details if you choose to fill them in; and the messages you send through the quote form.",
      "We use these data to run your account, deliver and bill your orders, answer your requests and send the mails you ask for (address verification, password reset, order confirmation). We do not sell them and do not share them with anyone except the card processor for a payment.",
      "You can see and edit your profile and your orders in the dashboard. To have your account and its data removed, write to us through the quote form with the email address of the account.",
    ],
  },
  {
    id: "cookie-policy",
    title: "Cookie policy",
    paragraphs: [
      "When you sign in, the shop sets one session cookie (toolshop.session_token) that keeps you signed in; it is httpOnly, so scripts cannot read it, and it is removed when you sign out. Your browser also keeps a short-lived access token in local storage (accessToken) so that the site can call its own API on your behalf; signing out clears it.",
      "There are no advertising, analytics or third-party tracking cookies. When card payments go through Stripe, Stripe's payment form may set its own cookies to prevent fraud, under Stripe's privacy policy.",
    ],
  },
];
