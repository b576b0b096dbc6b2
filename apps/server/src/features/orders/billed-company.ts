// The company an order bills and its tax/VAT number (issue 62), chosen once when it is placed.
/** The company and tax/VAT number of the customer's profile, as it is when they order. */
export interface CustomerCompany {
  company: string | null;
  taxId: string | null;
}

/**
 * What the order bills (issue 62), frozen on it: the quote's company when the order is a quote's, else
 * the profile's. The profile's VAT number goes with the profile's company only: printed under another
 * company the quote named, it would be that company's wrong number.
 */
export function billedCompany(
  quoteCompany: string | null | undefined,
  profile: CustomerCompany,
): CustomerCompany {
  const quoted = quoteCompany?.trim();
  if (!quoted) return { company: profile.company, taxId: profile.company ? profile.taxId : null };
  const same = quoted.toLowerCase() === profile.company?.trim().toLowerCase();
  return { company: quoted, taxId: same ? profile.taxId : null };
}
