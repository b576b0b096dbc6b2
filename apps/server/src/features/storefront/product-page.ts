// The head of a product page (/tools/:id): page-head.ts's tags, the price and schema.org JSON-LD. The
// page's body is the web app's React components, rendered by routes.ts (docs/decisions/0047).
import { categoryPathText } from "@toolshop/shared/categories";
import type { ToolReviews } from "@toolshop/shared/reviews";
import { jsonForScript } from "@toolshop/shared/script-json";
import type { Tool } from "@toolshop/shared/tools";
import { escapeHtml, summary } from "../../lib/html";
import { breadcrumbJsonLd, categoryCrumbs, jsonLdTag } from "./category-page";
import { absoluteUrl, headTags, SITE_NAME, type Site } from "./page-head";
import { reviewsJsonLd } from "./product-reviews";

/** As apps/web/src/features/tools/stock.ts: sold out when the stock cannot cover a minimum order. */
export function isSoldOut(tool: Pick<Tool, "minQuantity" | "availableQuantity">): boolean {
  return tool.availableQuantity < tool.minQuantity;
}

export function productPath(toolId: string): string {
  return `/tools/${toolId}`;
}

/**
 * schema.org Product with its Offer (https://schema.org/Product, https://schema.org/Offer), and when the
 * tool has visible reviews their AggregateRating and the newest of them as Review items.
 */
export function productJsonLd(tool: Tool, site: Site, reviews?: ToolReviews) {
  const url = absoluteUrl(site, productPath(tool._id));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: tool.name,
    description: tool.short,
    // The whole gallery, its first the tool's own picture (decision 0057).
    image: (tool.images.length > 0 ? tool.images.map((image) => image.url) : [tool.image]).map((url) =>
      absoluteUrl(site, url),
    ),
    // The part number a buyer orders by (decision 0056); the maker's model number, when it has one.
    sku: tool.sku,
    ...(tool.modelNumber ? { mpn: tool.modelNumber } : {}),
    // schema.org's category: a path of categories, "Electrical > Drills".
    category: categoryPathText(tool.category.path),
    url,
    brand: { "@type": "Brand", name: SITE_NAME },
    // The specifications (decision 0060) as schema.org PropertyValues, a number with its unit.
    ...(tool.attributes.length > 0
      ? {
          additionalProperty: tool.attributes.map((attribute) => ({
            "@type": "PropertyValue",
            propertyID: attribute.key,
            name: attribute.name,
            value: attribute.value,
            ...(attribute.unit ? { unitText: attribute.unit } : {}),
          })),
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      price: tool.price,
      priceCurrency: site.currency.toUpperCase(),
      availability: tool.discontinued
        ? "https://schema.org/Discontinued"
        : isSoldOut(tool)
          ? "https://schema.org/OutOfStock"
          : "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
      // The smallest order the shop accepts.
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: tool.minQuantity, unitCode: "C62" },
      seller: { "@type": "Organization", name: SITE_NAME },
    },
    // Only real ratings of this product: search engines penalise ratings that are not about it.
    ...(reviews && reviews.count > 0 && reviews.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: reviews.average,
            reviewCount: reviews.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviewsJsonLd(reviews.reviews),
        }
      : {}),
  };
}

/** The head's tags of a product page; they replace the shell's title and description. */
export function productHead(tool: Tool, site: Site, reviews?: ToolReviews): string {
  const head = headTags(
    {
      path: productPath(tool._id),
      title: tool.name,
      description: summary(tool.short),
      image: tool.image,
      imageAlt: tool.name,
      type: "product",
    },
    site,
  );
  const tags = [
    head,
    `<meta property="product:price:amount" content="${tool.price}" />`,
    `<meta property="product:price:currency" content="${escapeHtml(site.currency.toUpperCase())}" />`,
    // A data block, not a script: the CSP's script-src does not apply to it.
    `<script type="application/ld+json">${jsonForScript(productJsonLd(tool, site, reviews))}</script>`,
    // The page's breadcrumbs: Home > Tools > its category's path > the tool.
    jsonLdTag(
      breadcrumbJsonLd(
        [...categoryCrumbs(tool.category.path), { name: tool.name, path: productPath(tool._id) }],
        site,
      ),
    ),
  ];
  return tags.join("\n    ");
}

/** The head of the not-found page. */
export function notFoundHead(): string {
  return [`<title>Page not found | ${SITE_NAME}</title>`, `<meta name="robots" content="noindex" />`].join(
    "\n    ",
  );
}
