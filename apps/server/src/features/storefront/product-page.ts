// What the server puts in a product page (/tools/:id): the head (page-head.ts's tags, the price and
// schema.org JSON-LD), and the product's markup. The markup mirrors
// apps/web/src/features/storefront/components/product-details.tsx class for class: the classes exist
// in the CSS only because that component uses them, and React later replaces this markup with its own
// without anything moving.
import type { ToolReviews } from "@toolshop/shared/reviews";
import type { Tool } from "@toolshop/shared/tools";
import { escapeHtml, formatCount, formatPrice, jsonForScript, summary } from "./html";
import { absoluteUrl, headTags, SITE_NAME, type Site } from "./page-head";
import { reviewsJsonLd, reviewsMarkup } from "./product-reviews";

/** As apps/web/src/features/tools/stock.ts: sold out when the stock cannot cover a minimum order. */
export function isSoldOut(tool: Pick<Tool, "minQuantity" | "availableQuantity">): boolean {
  return tool.availableQuantity < tool.minQuantity;
}

function isLowStock(tool: Pick<Tool, "minQuantity" | "availableQuantity">): boolean {
  return !isSoldOut(tool) && tool.availableQuantity < 2 * tool.minQuantity;
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
    image: [absoluteUrl(site, tool.image)],
    sku: tool._id,
    url,
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: {
      "@type": "Offer",
      url,
      price: tool.price,
      priceCurrency: site.currency.toUpperCase(),
      availability: isSoldOut(tool) ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
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
  ];
  return tags.join("\n    ");
}

/** The head of the not-found page. */
export function notFoundHead(): string {
  return [`<title>Page not found | ${SITE_NAME}</title>`, `<meta name="robots" content="noindex" />`].join(
    "\n    ",
  );
}

/** The product as the page shows it (product-details.tsx), its reviews last (product-reviews.tsx). */
export function productMarkup(tool: Tool, site: Site, reviews: ToolReviews): string {
  const name = escapeHtml(tool.name);
  const soldOut = isSoldOut(tool);
  const badge = soldOut
    ? `<p class="badge badge-neutral font-semibold">Sold out</p>`
    : isLowStock(tool)
      ? `<p class="badge badge-warning font-semibold">Only ${formatCount(tool.availableQuantity)} left</p>`
      : "";
  const action = soldOut
    ? `<p class="rounded-field bg-base-200 p-4">Fewer units are in stock than the minimum order of ${formatCount(tool.minQuantity)}. Please come back later or choose another tool.</p>`
    : // The cart's quantity and button work once the page's script runs (add-to-cart-form.tsx).
      [
        `<div class="flex flex-col gap-4"><div class="flex flex-wrap items-start gap-3"><div class="flex flex-col gap-1">`,
        `<label for="add-to-cart-quantity" class="text-sm font-medium">Quantity</label>`,
        `<input id="add-to-cart-quantity" type="number" inputmode="numeric" class="input input-lg w-32" min="${tool.minQuantity}" max="${tool.availableQuantity}" step="1" value="${tool.minQuantity}">`,
        `</div><button type="button" class="btn btn-lg btn-outline btn-primary mt-6">Add to cart</button></div>`,
        `<a class="btn btn-lg btn-primary sm:self-start" href="/checkout/${escapeHtml(tool._id)}">Order now</a></div>`,
      ].join("");
  return [
    `<article aria-labelledby="product-heading" class="mx-auto grid max-w-6xl gap-6 px-4 py-8 md:grid-cols-2 md:gap-12 md:py-12">`,
    `<nav aria-label="Breadcrumb" class="text-sm md:col-span-2"><ol class="flex flex-wrap items-center gap-2 text-base-content/70">`,
    `<li><a class="link link-hover" href="/">Home</a></li>`,
    `<li class="before:mr-2 before:content-['/']"><a class="link link-hover" href="/#tools">Tools</a></li>`,
    `<li class="before:mr-2 before:content-['/']"><span aria-current="page" class="text-base-content">${name}</span></li>`,
    `</ol></nav>`,
    `<figure class="aspect-[4/3] rounded-box border border-base-300 bg-base-200 p-8">`,
    `<img src="${escapeHtml(tool.image)}" alt="${name}" width="640" height="480" fetchpriority="high" class="h-full w-full object-contain"/>`,
    `</figure>`,
    `<div class="flex flex-col gap-5">`,
    `<h1 id="product-heading" class="text-3xl font-bold sm:text-4xl">${name}</h1>`,
    `<p class="text-lg whitespace-pre-line text-base-content/80">${escapeHtml(tool.short)}</p>`,
    `<div class="flex flex-wrap items-center gap-3"><p class="text-3xl font-bold text-primary"><span class="whitespace-nowrap">${escapeHtml(formatPrice(tool.price, site.currency))}</span></p>${badge}</div>`,
    `<dl class="grid grid-cols-2 gap-2 text-sm">`,
    `<div class="rounded-field bg-base-200 px-3 py-2"><dt class="text-base-content/70">Minimum order</dt><dd class="font-semibold">${formatCount(tool.minQuantity)}</dd></div>`,
    `<div class="rounded-field bg-base-200 px-3 py-2"><dt class="text-base-content/70">Available</dt><dd class="font-semibold">${formatCount(tool.availableQuantity)}</dd></div>`,
    `</dl>`,
    priceBreaksMarkup(tool, site),
    action,
    `</div>`,
    reviewsMarkup(tool._id, reviews),
    `</article>`,
  ].join("");
}

/** The price breaks' table, as price-breaks-table.tsx renders it; nothing without breaks. */
function priceBreaksMarkup(tool: Tool, site: Site): string {
  if (!tool.priceBreaks.length) return "";
  const rows = tool.priceBreaks.map(
    (row) =>
      `<tr><th scope="row" class="font-normal">From ${formatCount(row.minQuantity)} units</th><td class="font-semibold"><span class="whitespace-nowrap">${escapeHtml(formatPrice(row.unitPrice, site.currency))}</span> each</td></tr>`,
  );
  return `<table class="table table-sm rounded-field bg-base-200"><caption class="text-left font-semibold">Prices by quantity</caption><tbody>${rows.join("")}</tbody></table>`;
}

/** The site's not-found page, as apps/web/src/app/routes/not-found-page.tsx shows it. */
export function notFoundMarkup(): string {
  return [
    `<div class="flex flex-col items-center gap-5 px-4 py-20 text-center">`,
    `<p class="text-7xl font-extrabold text-primary">404</p>`,
    `<h1 class="text-3xl font-bold sm:text-4xl">You are in the wrong place</h1>`,
    `<p class="max-w-md text-lg text-base-content/80">There is nothing at this address. It may have moved, or the link may be mistyped.</p>`,
    `<a class="btn btn-primary" href="/">Back to Home</a>`,
    `</div>`,
  ].join("");
}

/**
 * What the web app reads before its first render (features/storefront/server-data.ts), so that React's
 * first frame already shows the product: the tool as GET /api/tools/:id answers it, or null for none,
 * and its reviews as GET /api/tools/:id/reviews does.
 */
export function productData(toolId: string, tool: Tool | null, reviews?: ToolReviews): string {
  const data = tool && reviews ? { toolId, tool, reviews } : { toolId, tool };
  return `<script type="application/json" id="product-data">${jsonForScript(data)}</script>`;
}
