import type { ToolReviews } from "@toolshop/shared/reviews";
import type { Tool } from "@toolshop/shared/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { escapeHtml, summary } from "../../lib/html";
import type { Site } from "./page-head";
import { productHead, productJsonLd } from "./product-page";

const SITE: Site = { publicUrl: "https://shop.example", currency: "eur" };
const HOSTILE = "</script><img src=x onerror=alert(1)>";

const TOOL: Tool = {
  _id: "7a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6",
  sku: "LV-600",
  name: "Level",
  short: "A 60 cm spirit level.",
  image: "/images/tools/level.svg",
  price: 18.9,
  minQuantity: 10,
  availableQuantity: 500,
  category: {
    slug: "measuring",
    name: "Measuring",
    path: [
      { slug: "mechanical", name: "Mechanical" },
      { slug: "measuring", name: "Measuring" },
    ],
  },
  priceBreaks: [],
  images: [{ url: "/images/tools/level.svg", alt: "" }],
  documents: [],
  modelNumber: null,
  discontinued: false,
  related: { accessories: [], spareParts: [], fits: [], worksWith: [], successor: null },
  attributes: [],
};

const NO_REVIEWS: ToolReviews = { average: null, count: 0, reviews: [] };
const REVIEWS: ToolReviews = {
  average: 4.5,
  count: 12,
  reviews: [
    { review: "5", comment: "Dead straight.", name: "Ann", verifiedBuyer: true },
    { review: "4", comment: HOSTILE, name: `<b>Eve</b>` },
  ],
};

const schemaOrg = (type: string) => `https://schema.org/${type}`;

/**
 * What schema.org (and Google's product rich results) ask of a Product with an Offer: a name, an
 * image, and an offer with a price, an ISO 4217 currency and an ItemAvailability URL.
 */
const productShape = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("Product"),
  name: z.string().min(1),
  description: z.string().min(1),
  image: z.array(z.url({ protocol: /^https?$/ })).min(1),
  sku: z.string().min(1),
  mpn: z.string().min(1).optional(),
  additionalProperty: z
    .array(
      z
        .object({
          "@type": z.literal("PropertyValue"),
          propertyID: z.string(),
          name: z.string(),
          value: z.union([z.number(), z.string(), z.boolean()]),
          unitText: z.string().optional(),
        })
        .strict(),
    )
    .optional(),
  url: z.url(),
  brand: z.object({ "@type": z.literal("Brand"), name: z.string().min(1) }),
  offers: z.object({
    "@type": z.literal("Offer"),
    url: z.url(),
    price: z.number().positive(),
    priceCurrency: z.string().regex(/^[A-Z]{3}$/),
    availability: z.enum([schemaOrg("InStock"), schemaOrg("OutOfStock"), schemaOrg("Discontinued")]),
    itemCondition: z.literal(schemaOrg("NewCondition")),
    eligibleQuantity: z.object({
      "@type": z.literal("QuantitativeValue"),
      minValue: z.number().int().min(1),
    }),
  }),
  aggregateRating: z
    .object({
      "@type": z.literal("AggregateRating"),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.number().int().positive(),
      bestRating: z.literal(5),
      worstRating: z.literal(1),
    })
    .strict()
    .optional(),
  // https://schema.org/Review with its Rating and author (Google's review snippets require both).
  review: z
    .array(
      z
        .object({
          "@type": z.literal("Review"),
          reviewRating: z
            .object({
              "@type": z.literal("Rating"),
              ratingValue: z.number().int().min(1).max(5),
              bestRating: z.literal(5),
              worstRating: z.literal(1),
            })
            .strict(),
          author: z.object({ "@type": z.literal("Person"), name: z.string().min(1) }).strict(),
          reviewBody: z.string(),
        })
        .strict(),
    )
    .min(1)
    .optional(),
});

/** The JSON-LD blocks of a head, read back as a browser or crawler would. */
function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? ""),
  );
}

/** The head's first JSON-LD block: the Product. */
function jsonLdOf(html: string): unknown {
  const [first] = jsonLdBlocks(html);
  if (!first) throw new Error("no JSON-LD block");
  return first;
}

/** https://schema.org/BreadcrumbList, as Google's breadcrumb rich results read it. */
const breadcrumbShape = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("BreadcrumbList"),
  itemListElement: z.array(
    z
      .object({
        "@type": z.literal("ListItem"),
        position: z.number().int().positive(),
        name: z.string().min(1),
        item: z.url(),
      })
      .strict(),
  ),
});

describe("a product's JSON-LD", () => {
  it("is a schema.org Product with an Offer in the shop's currency", () => {
    const data = productShape.parse(jsonLdOf(productHead(TOOL, SITE)));
    expect(data.name).toBe("Level");
    expect(data.url).toBe(`https://shop.example/tools/${TOOL._id}`);
    expect(data.image).toEqual(["https://shop.example/images/tools/level.svg"]);
    expect(data.offers).toMatchObject({
      price: 18.9,
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      eligibleQuantity: { minValue: 10 },
    });
    expect(data.aggregateRating).toBeUndefined();
    expect(data.sku).toBe("LV-600");
  });

  it("lists the whole gallery, names the model number, and says when the tool is discontinued", () => {
    const tool: Tool = {
      ...TOOL,
      images: [
        { url: "/images/tools/level.svg", alt: "" },
        { url: "/uploads/level-side.webp", alt: "From the side" },
      ],
      modelNumber: "LV-600-X",
      discontinued: true,
      attributes: [
        { key: "length", name: "Length", value: 600, unit: "mm" },
        { key: "magnetic", name: "Magnetic", value: true, unit: null },
      ],
    };
    const data = productShape.parse(jsonLdOf(productHead(tool, SITE)));
    expect(data.image).toEqual([
      "https://shop.example/images/tools/level.svg",
      "https://shop.example/uploads/level-side.webp",
    ]);
    expect(data.mpn).toBe("LV-600-X");
    expect(data.additionalProperty).toEqual([
      { "@type": "PropertyValue", propertyID: "length", name: "Length", value: 600, unitText: "mm" },
      { "@type": "PropertyValue", propertyID: "magnetic", name: "Magnetic", value: true },
    ]);
    expect(data.offers.availability).toBe("https://schema.org/Discontinued");
  });

  it("names its category by its path", () => {
    expect(productShape.extend({ category: z.string() }).parse(productJsonLd(TOOL, SITE)).category).toBe(
      "Mechanical > Measuring",
    );
  });

  it("carries the page's breadcrumbs as a BreadcrumbList: Home, Tools, the category's path, the tool", () => {
    const blocks = jsonLdBlocks(productHead(TOOL, SITE));
    const crumbs = breadcrumbShape.parse(
      blocks.find((block) => (block as { "@type"?: string })["@type"] === "BreadcrumbList"),
    );
    expect(crumbs.itemListElement.map(({ position, name, item }) => [position, name, item])).toEqual([
      [1, "Home", "https://shop.example/"],
      [2, "Tools", "https://shop.example/tools"],
      [3, "Mechanical", "https://shop.example/tools?category=mechanical"],
      [4, "Measuring", "https://shop.example/tools?category=measuring"],
      [5, "Level", `https://shop.example/tools/${TOOL._id}`],
    ]);
  });

  it("says OutOfStock when the stock cannot cover a minimum order", () => {
    const data = productShape.parse(productJsonLd({ ...TOOL, availableQuantity: 9 }, SITE));
    expect(data.offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("has an AggregateRating and Review items only when the product has visible reviews", () => {
    const unrated = productShape.parse(productJsonLd(TOOL, SITE, NO_REVIEWS));
    expect(unrated).not.toHaveProperty("aggregateRating");
    expect(unrated).not.toHaveProperty("review");
    const rated = productShape.parse(jsonLdOf(productHead(TOOL, SITE, REVIEWS)));
    expect(rated.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(rated.review?.map((review) => [review.reviewRating.ratingValue, review.author.name])).toEqual([
      [5, "Ann"],
      [4, "<b>Eve</b>"],
    ]);
    expect(rated.review?.[1]?.reviewBody).toBe(HOSTILE);
  });

  it("cannot be broken out of by a hostile name, and reads back as the same name", () => {
    const head = productHead({ ...TOOL, name: HOSTILE, short: `<!-- ${HOSTILE} \u2028` }, SITE);
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? "";
    expect(block).not.toMatch(/[<>]/);
    // The breadcrumbs name the tool too, as escaped.
    const crumbs = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)][1]?.[1];
    expect(crumbs).toContain("\\u003c/script\\u003e");
    expect(block).toContain("\\u003c/script\\u003e");
    const data = productShape.parse(JSON.parse(block));
    expect(data.name).toBe(HOSTILE);
    expect(data.description).toBe(`<!-- ${HOSTILE} \u2028`);
    // The only markup in the head is the head's own: every other "<" is escaped.
    expect(head).not.toContain("<img");
    expect(head).toContain(`<title>${escapeHtml(HOSTILE)} | Toolshop</title>`);
  });
});

describe("text helpers", () => {
  it("shortens a description at a word, on one line", () => {
    expect(summary("one\ntwo   three")).toBe("one two three");
    const long = summary("word ".repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });
});
