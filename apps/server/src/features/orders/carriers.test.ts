import { describe, expect, it } from "vitest";
import { trackingLink } from "./carriers";

describe("tracking links of known carriers", () => {
  it.each([
    ["UPS", "1Z999AA10123456784", "UPS", "https://www.ups.com/track?tracknum=1Z999AA10123456784"],
    ["United Parcel Service", "1Z9", "UPS", "https://www.ups.com/track?tracknum=1Z9"],
    ["Fed Ex", "7712 3456", "FedEx", "https://www.fedex.com/fedextrack/?trknbr=7712%203456"],
    [
      "dhl express",
      "JD0140",
      "DHL",
      "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD0140",
    ],
    ["U.S.P.S.", " 9400 ", "USPS", "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400"],
  ])("links %s's page for %s", (carrier, number, name, url) => {
    expect(trackingLink(carrier, number)).toEqual({ carrier: name, url });
  });

  it("keeps whatever the number holds inside the query", () => {
    expect(trackingLink("ups", "1&x=/../evil#y")?.url).toBe(
      "https://www.ups.com/track?tracknum=1%26x%3D%2F..%2Fevil%23y",
    );
  });

  it.each([
    ["UPS", "www.ups.com"],
    ["FedEx", "www.fedex.com"],
    ["DHL", "www.dhl.com"],
    ["USPS", "tools.usps.com"],
  ])("sends %s's parcels to its own https site, whatever the number", (carrier, host) => {
    const url = new URL(trackingLink(carrier, "https://evil.example/@x?y#z")?.url ?? "");
    expect(url.protocol).toBe("https:");
    expect(url.host).toBe(host);
    expect(url.hash).toBe("");
  });

  it("links nothing for a carrier it does not know", () => {
    expect(trackingLink("Acme Couriers", "AC-42")).toBeUndefined();
    expect(trackingLink("upsy", "1")).toBeUndefined();
  });
});
