// The carriers whose public tracking page we can link to from the shipped mail and the order page. The
// admin types the carrier's name freely (shipOrderBodySchema), so it is matched loosely; an unknown
// carrier gets no link.

interface Carrier {
  /** As the mail names it. */
  name: string;
  /** Spellings an admin may type, lower case with spaces, dots and dashes removed. */
  aliases: readonly string[];
  /** The public tracking page for a tracking number (already URL-encoded). */
  trackingUrl: (encodedNumber: string) => string;
}

const CARRIERS: readonly Carrier[] = [
  {
    name: "UPS",
    aliases: ["ups", "unitedparcelservice"],
    trackingUrl: (number) => `https://www.ups.com/track?tracknum=${number}`,
  },
  {
    name: "FedEx",
    aliases: ["fedex", "federalexpress"],
    trackingUrl: (number) => `https://www.fedex.com/fedextrack/?trknbr=${number}`,
  },
  {
    name: "DHL",
    aliases: ["dhl", "dhlexpress"],
    trackingUrl: (number) =>
      `https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=${number}`,
  },
  {
    name: "USPS",
    aliases: ["usps", "unitedstatespostalservice", "uspostalservice"],
    trackingUrl: (number) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`,
  },
];

function normalized(carrier: string): string {
  return carrier.toLowerCase().replace(/[\s.\-_]+/g, "");
}

/**
 * The carrier's tracking page for this parcel, or undefined for a carrier we do not know. The number
 * is URL-encoded, so whatever the admin typed stays a value in the query and cannot change the address.
 */
export function trackingLink(
  carrier: string,
  trackingNumber: string,
): { carrier: string; url: string } | undefined {
  const key = normalized(carrier);
  const known = CARRIERS.find((each) => each.aliases.includes(key));
  if (!known) return undefined;
  return { carrier: known.name, url: known.trackingUrl(encodeURIComponent(trackingNumber.trim())) };
}
