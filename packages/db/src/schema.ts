// The whole data model of docs/architecture.md section 4, plus the built-in test payment gateway's table.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** PostgreSQL's full-text document; only ever read by SQL (`@@`), never selected into the app. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The catalogue's categories as a tree the owner manages (issue 58, decision 0055): each has a unique
 * slug (its address, `/tools?category=<slug>`), an optional parent and a position among its siblings.
 * A category with tools or sub-categories cannot be deleted (both foreign keys restrict).
 */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    parentId: uuid("parent_id").references((): AnyPgColumn => categories.id, { onDelete: "restrict" }),
    /** The order among its siblings, from 0; the service keeps it dense. */
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("categories_slug_unique").on(t.slug),
    // Two siblings never share a name, so a path of names (the CSV's "Electrical > Drills") names one
    // category; the service compares names without case too. The roots are siblings of each other.
    uniqueIndex("categories_sibling_name_unique").on(t.parentId, t.name),
    uniqueIndex("categories_root_name_unique").on(t.name).where(sql`${t.parentId} is null`),
    index("categories_parent_idx").on(t.parentId, t.position),
    check("categories_slug_format", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("categories_not_own_parent", sql`${t.parentId} <> ${t.id}`),
    check("categories_position_non_negative", sql`${t.position} >= 0`),
  ],
);

/** A tool's price break as stored: from `minQuantity` units up, each costs `unitPriceCents` (issue 49). */
export interface StoredPriceBreak {
  minQuantity: number;
  unitPriceCents: number;
}

/**
 * The numbers of the SKUs the shop makes itself (decision 0056): migration 0038's for the tools that
 * had none, then one for each tool added through the API without a SKU.
 */
export const toolSkuNumbers = pgSequence("tool_sku_numbers");

export const tools = pgTable(
  "tools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    short: text("short").notNull(),
    image: text("image").notNull(),
    priceCents: integer("price_cents").notNull(),
    minQuantity: integer("min_quantity").notNull(),
    availableQuantity: integer("available_quantity").notNull(),
    createdAt: createdAt(),
    /** Its category (0036 moved the two fixed values of the former text column into root categories). */
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    /** Full-text search over name and description (0009): 'simple', so part numbers are not stemmed. */
    search: tsvector("search").generatedAlwaysAs(sql`to_tsvector('simple', name || ' ' || short)`),
    /**
     * The featured sort's first key (0017): indexed as a column of its own, so that taking stock, which
     * leaves it unchanged until the tool sells out, is an in-place (HOT) update touching no index.
     */
    soldOut: boolean("sold_out").notNull().generatedAlwaysAs(sql`available_quantity < min_quantity`),
    /** The owner's overview lists the tool as low on stock below this; null: its minimum order times two. */
    lowStockThreshold: integer("low_stock_threshold"),
    /**
     * Prices by quantity, rising minQuantity (issue 49). A column of the tool rather than a table: they
     * are always read and written with it, under the same row lock placing an order takes, and the
     * shared schema checks their rules (at most 10, rising quantities, falling prices) on every write.
     */
    priceBreaks: jsonb("price_breaks").$type<StoredPriceBreak[]>().notNull().default([]),
    /**
     * The part number (issue 58, decision 0056): case kept as the owner typed it, unique without case.
     * The variants' slice moves it to the tool's one variant.
     */
    sku: text("sku").notNull(),
    /**
     * The maker's model number (issue 58, decision 0058), what a buyer types into "Find spare parts"
     * beside the SKU; unique without case where set, as the SKU is.
     */
    modelNumber: text("model_number"),
    /** A discontinued tool stays listed and its page renders, but no order, cart or quote takes it. */
    discontinued: boolean("discontinued").notNull().default(false),
    /** The tool that replaces this one (an older model's newer one); gone with it: no successor. */
    successorId: uuid("successor_id").references((): AnyPgColumn => tools.id, { onDelete: "set null" }),
    /** What one unit weighs packed, for a shipping method priced by weight (decision 0067); null: unknown, 0. */
    weightGrams: integer("weight_grams"),
  },
  (t) => [
    check("tools_weight_range", sql`${t.weightGrams} between 0 and 1000000`),
    uniqueIndex("tools_sku_unique").on(sql`lower(${t.sku})`),
    uniqueIndex("tools_model_number_unique")
      .on(sql`lower(${t.modelNumber})`)
      .where(sql`${t.modelNumber} is not null`),
    check("tools_not_own_successor", sql`${t.successorId} <> ${t.id}`),
    check("tools_model_number_length", sql`length(${t.modelNumber}) between 1 and 60`),
    // The shared schema's rule (packages/shared/src/sku.ts), so no write around it stores another.
    check(
      "tools_sku_format",
      sql`${t.sku} ~ '^[A-Za-z0-9]+([./-][A-Za-z0-9]+)*$' and length(${t.sku}) <= 40`,
    ),
    check("tools_min_quantity_positive", sql`${t.minQuantity} >= 1`),
    check("tools_available_quantity_non_negative", sql`${t.availableQuantity} >= 0`),
    check("tools_price_positive", sql`${t.priceCents} > 0`),
    check("tools_low_stock_threshold_non_negative", sql`${t.lowStockThreshold} >= 0`),
    check(
      "tools_price_breaks_list",
      // CASE: jsonb_array_length raises on a non-array, and AND does not promise to test the type first.
      sql`case when jsonb_typeof(${t.priceBreaks}) = 'array' then jsonb_array_length(${t.priceBreaks}) <= 10 else false end`,
    ),
    index("tools_search_idx").using("gin", t.search),
    // The keyset sorts of GET /tools/search, each ending with the id tie-break.
    index("tools_featured_idx").on(t.soldOut, t.categoryId, t.name, t.id),
    // A category's tools: the search's filter by a category with sub-categories, and deleting one.
    index("tools_category_idx").on(t.categoryId),
    index("tools_price_idx").on(t.priceCents, t.id),
    index("tools_name_idx").on(t.name, t.id),
    index("tools_created_at_idx").on(t.createdAt, t.id),
  ],
);

/**
 * A tool's pictures in their order (issue 58, decision 0057): the first is the tool's own `image`, which
 * keeps its meaning in the API. A trigger of migration 0039 keeps the two in step whoever writes
 * tools.image (the form, the CSV import, the seeds): a tool's first picture always is its image.
 */
export const toolImages = pgTable(
  "tool_images",
  {
    // An id of its own rather than (tool, position) as the key: drizzle-kit's push check reads no
    // composite key back (snapshots.test.ts).
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** The order in the gallery, from 0 (the tool's image); the service keeps it dense. */
    position: integer("position").notNull(),
    /** A site path, as tools.image: /uploads/<hash>.webp or a bundled /images/... picture. */
    url: text("url").notNull(),
    /** What the picture shows, for a screen reader; empty: the tool's name stands in. */
    alt: text("alt").notNull().default(""),
  },
  (t) => [
    uniqueIndex("tool_images_position_unique").on(t.toolId, t.position),
    check("tool_images_position_non_negative", sql`${t.position} >= 0`),
  ],
);

export const toolRelationKinds = ["accessory", "spare_part", "works_with"] as const;
export type ToolRelationKind = (typeof toolRelationKinds)[number];

/**
 * How tools go together (issue 58, decision 0058): "tool has accessory related", "tool has spare part
 * related" (related fits tool), and works_with, symmetric, stored once and read both ways. The index on
 * related_tool_id answers the reverse direction (a spare part's `fits`).
 */
export const toolRelations = pgTable(
  "tool_relations",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    relatedToolId: uuid("related_tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: toolRelationKinds }).notNull(),
    /** The owner's order of the list, from 0. */
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ name: "tool_relations_pkey", columns: [t.toolId, t.relatedToolId, t.kind] }),
    index("tool_relations_related_idx").on(t.relatedToolId, t.kind),
    check("tool_relations_not_itself", sql`${t.toolId} <> ${t.relatedToolId}`),
    check("tool_relations_kind_known", sql`${t.kind} in ('accessory', 'spare_part', 'works_with')`),
    check("tool_relations_position_non_negative", sql`${t.position} >= 0`),
  ],
);

export const attributeKinds = ["number", "choice", "boolean", "text"] as const;
export type AttributeKind = (typeof attributeKinds)[number];

/**
 * The specifications the owner defines (issue 58, decision 0060): a number with a unit (torque in Nm),
 * a choice from a list (insulation class), yes/no, or short text; each belongs to the categories listed
 * in attribute_categories (and their sub-categories), or to every category when none is listed.
 */
export const attributes = pgTable(
  "attributes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The attribute's address in URLs and the API (`torque`, `voltage`). */
    key: text("key").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: attributeKinds }).notNull(),
    unit: text("unit"),
    /** A choice attribute's values in the owner's order; empty for the other kinds. */
    choices: jsonb("choices").$type<string[]>().notNull().default([]),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("attributes_key_unique").on(t.key),
    check("attributes_key_format", sql`${t.key} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.key}) <= 60`),
    check("attributes_kind_known", sql`${t.kind} in ('number', 'choice', 'boolean', 'text')`),
  ],
);

export const attributeCategories = pgTable(
  "attribute_categories",
  {
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ name: "attribute_categories_pkey", columns: [t.attributeId, t.categoryId] })],
);

/**
 * A tool's value of an attribute, in the column of its kind, so that filters compare numbers as
 * numbers and count choices by an index (the facets' slice).
 */
export const toolAttributeValues = pgTable(
  "tool_attribute_values",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    numberValue: numeric("number_value", { mode: "number" }),
    /** A choice's or a text's value. */
    textValue: text("text_value"),
    booleanValue: boolean("boolean_value"),
  },
  (t) => [
    primaryKey({ name: "tool_attribute_values_pkey", columns: [t.toolId, t.attributeId] }),
    index("tool_attribute_values_number_idx").on(t.attributeId, t.numberValue),
    index("tool_attribute_values_text_idx").on(t.attributeId, t.textValue),
    check(
      "tool_attribute_values_one_value",
      sql`num_nonnulls(${t.numberValue}, ${t.textValue}, ${t.booleanValue}) = 1`,
    ),
  ],
);

export const toolDocumentKinds = ["datasheet", "manual", "declaration_of_conformity"] as const;
export type ToolDocumentKind = (typeof toolDocumentKinds)[number];

/**
 * A tool's documents (issue 58, decision 0057): PDFs stored as uploads are (`<content hash>.pdf` in the
 * uploads' store), downloaded under a name made from the title.
 */
export const toolDocuments = pgTable(
  "tool_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: toolDocumentKinds }).notNull(),
    title: text("title").notNull(),
    /** The stored file's name in the uploads' store: `<content hash>.pdf`. */
    storedName: text("stored_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("tool_documents_tool_idx").on(t.toolId, t.createdAt),
    check(
      "tool_documents_kind_known",
      sql`${t.kind} in ('datasheet', 'manual', 'declaration_of_conformity')`,
    ),
    check("tool_documents_size_positive", sql`${t.sizeBytes} > 0`),
  ],
);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "user"] })
      .notNull()
      .default("user"),
    displayName: text("display_name"),
    address: text("address"),
    education: text("education"),
    phoneNumber: text("phone_number"),
    location: text("location"),
    linkedin: text("linkedin"),
    /** The company the customer buys for and its tax/VAT number (issue 62): billed on their invoices. */
    company: text("company"),
    taxId: text("tax_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    // The admins' user list: keyset paging in account order and the email prefix search (0005).
    index("users_created_at_email_idx").on(t.createdAt, t.email),
    index("users_email_prefix_idx").on(t.email.op("text_pattern_ops")),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

export const orderStatuses = ["unpaid", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;

/**
 * The id of a table that grows by millions: a time-ordered UUID (version 7, migration 0021), so that a
 * new row's index entries go next to the last one's instead of onto any page of the index.
 */
const timeOrderedId = () => uuid("id").primaryKey().default(sql`uuid_v7()`);

export const orders = pgTable(
  "orders",
  {
    id: timeOrderedId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    email: text("email").notNull(),
    totalCents: integer("total_cents").notNull(),
    address: text("address").notNull(),
    phone: text("phone").notNull(),
    status: text("status", { enum: orderStatuses }).notNull().default("unpaid"),
    transactionId: text("transaction_id"),
    paymentIntentId: text("payment_intent_id"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** Why a cancelled order was cancelled: by an admin, or its reservation expired. */
    cancelReason: text("cancel_reason").$type<"admin" | "expiry">(),
    /**
     * The tax in force when the order was placed (decision 0041): a percent (TAX_RATE) and whether the
     * unit prices held it (PRICES_INCLUDE_TAX). total_cents is the gross, what the customer pays.
     */
    taxRatePercent: numeric("tax_rate_percent", { precision: 6, scale: 3, mode: "number" })
      .notNull()
      .default(0),
    pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
    /** The receipt number, TS-000123 (0006): from a sequence, so numbers are unique and rise. */
    number: bigint("number", { mode: "number" })
      .notNull()
      .default(sql`nextval('orders_number_seq')`)
      .unique("orders_number_unique"),
    /** The quote this order was made from (issue 49): one order per quote, at most. */
    quoteId: uuid("quote_id").references((): AnyPgColumn => quotes.id, { onDelete: "set null" }),
    /**
     * The company billed and its tax/VAT number (issue 62), frozen when the order is placed: the quote's
     * company for an order from a quote, else the profile's. The invoice prints these, never the profile.
     */
    buyerCompany: text("buyer_company"),
    buyerTaxId: text("buyer_tax_id"),
    /**
     * How it ships (decision 0067), kept as it was charged: the method's name, whether it is a pickup,
     * the country and the charge on the prices' footing, taxed as a line of one unit at the order's rate.
     * total_cents includes the charge's gross. No name: an order placed without a shipping method.
     */
    shippingMethodId: uuid("shipping_method_id").references((): AnyPgColumn => shippingMethods.id, {
      onDelete: "set null",
    }),
    shippingName: text("shipping_name"),
    shippingPickup: boolean("shipping_pickup").notNull().default(false),
    shippingCountry: text("shipping_country"),
    shippingCents: integer("shipping_cents").notNull().default(0),
  },
  (t) => [
    check("orders_shipping_non_negative", sql`${t.shippingCents} >= 0`),
    // Keyset paging newest first on (created_at, id): My orders, Manage Orders by status, or all but
    // the cancelled ones; the email search is a prefix (0010).
    index("orders_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_created_id_idx").on(t.createdAt, t.id),
    index("orders_email_prefix_idx").on(t.email.op("text_pattern_ops")),
    // The unpaid-order cap's count visits only the customer's unpaid orders. Not a partial index WHERE
    // status = 'unpaid': vacuumed empty, the planner took it for every lookup of an unpaid order (0015).
    index("orders_user_status_idx").on(t.userId, t.status),
    uniqueIndex("orders_quote_unique").on(t.quoteId),
    check("orders_total_positive", sql`${t.totalCents} > 0`),
    check("orders_cancel_reason_check", sql`${t.cancelReason} in ('admin', 'expiry')`),
    check("orders_tax_rate_range", sql`${t.taxRatePercent} between 0 and 100`),
  ],
);

/**
 * The owner's shipping methods (issue 62, decision 0067), in their order at checkout. Prices in minor
 * units on the tools' prices' footing; an order keeps its method's name and charge, so editing a method
 * changes no placed order, and deleting one only unlinks them.
 */
export const shippingMethods = pgTable(
  "shipping_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    note: text("note").notNull().default(""),
    pickup: boolean("pickup").notNull().default(false),
    priceCents: integer("price_cents").notNull().default(0),
    freeOverCents: integer("free_over_cents"),
    perKgCents: integer("per_kg_cents"),
    /** ISO 3166-1 alpha-2 codes; empty: every country. No default: drizzle-kit reads an array default back as another. */
    countries: text("countries").array().notNull(),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "shipping_methods_amounts",
      sql`${t.priceCents} >= 0 and ${t.freeOverCents} >= 0 and ${t.perKgCents} >= 0`,
    ),
    check(
      "shipping_methods_pickup_free",
      sql`not ${t.pickup} or (${t.priceCents} = 0 and ${t.perKgCents} is null)`,
    ),
  ],
);

/**
 * A signed-in customer's cart (issue 48): one row per tool. A tool that leaves
 * the catalogue leaves every cart with it. The price the customer saw is kept, so that a change since is
 * shown before checkout instead of ordered silently.
 */
export const carts = pgTable(
  "carts",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** Where the line stands in the cart: the customer's order of the lines, kept by every PUT. */
    position: smallint("position").notNull(),
    seenUnitPriceCents: integer("seen_unit_price_cents").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "carts_pkey", columns: [t.userId, t.toolId] }),
    check("carts_quantity_positive", sql`${t.quantity} >= 1`),
    check("carts_seen_price_positive", sql`${t.seenUnitPriceCents} > 0`),
    // A tool deleted from the catalogue finds its cart rows without reading every cart.
    index("carts_tool_idx").on(t.toolId),
  ],
);

/**
 * The tools of an order (issue 48), one row per tool, at the name, image and price of the moment it
 * was placed; every order has at least one. The spec's one-line fields of an order's answer are
 * derived from them (the first line's tool, name, image and unit price; the lines' summed quantity).
 */
export const orderLines = pgTable(
  "order_lines",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Where the line comes in its order, from 0: the first line gives the order's one-line fields. */
    position: smallint("position").notNull(),
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    image: text("image").notNull(),
    /** The tool's SKU as ordered; null only on lines whose tool was gone before SKUs came (0038). */
    sku: text("sku"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Units refunded one line at a time by an admin; the stock they were took back. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "order_lines_pkey", columns: [t.orderId, t.position] }),
    // A tool's buyers (review "verified buyer") and the tool's deletion (ON DELETE SET NULL).
    index("order_lines_tool_idx").on(t.toolId),
    check("order_lines_quantity_positive", sql`${t.quantity} >= 1`),
    check("order_lines_refunded_range", sql`${t.refundedQuantity} between 0 and ${t.quantity}`),
  ],
);

/**
 * The owner's overview (decision 0048): what the orders paid on each UTC day kept, counted as they are
 * paid and refunded (apps/server/src/features/overview/sales.ts, in the same transactions), so that the
 * figures of a period read one row a day instead of every order. packages/db/src/sales.ts recounts it.
 */
export const salesByDay = pgTable("sales_by_day", {
  day: date("day", { mode: "string" }).primaryKey(),
  paidOrders: integer("paid_orders").notNull(),
  /** Order totals less the lines refunded one by one; an order refunded whole counts nothing. */
  revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
});

/** The same per tool: its lines' units kept and their revenue, on the UTC day their order was paid. */
export const toolSalesByDay = pgTable(
  "tool_sales_by_day",
  {
    day: date("day", { mode: "string" }).notNull(),
    // A deleted tool's sales go with it, as its lines drop out of the top tools (0046).
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    revenueCents: bigint("revenue_cents", { mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ name: "tool_sales_by_day_pkey", columns: [t.day, t.toolId] }),
    // A period's top tools from the index alone (an index-only scan; INCLUDE is not Drizzle's).
    index("tool_sales_by_day_covering_idx").on(t.day, t.toolId, t.revenueCents, t.quantity),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The tool reviewed (one its author bought), or null for the shop in general (0012). */
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull(),
    createdAt: createdAt(),
    /** Hidden by an admin: kept, but left out of the public list (0007). */
    hidden: boolean("hidden").notNull().default(false),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (t) => [
    index("reviews_created_idx").on(t.createdAt),
    // The one-review-a-day check reads the author's newest review (0007).
    index("reviews_user_created_idx").on(t.userId, t.createdAt),
    // A product page: this tool's visible reviews, newest first, and their count and average (0012).
    index("reviews_tool_visible_created_idx")
      .on(t.toolId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.hidden} = false and ${t.toolId} is not null`),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** The same values as @toolshop/shared's quoteStates (quote-lifecycle.ts). */
export const quoteStates = ["requested", "offered", "accepted", "declined", "expired", "withdrawn"] as const;

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    tool: text("tool"),
    quantity: integer("quantity"),
    message: text("message").notNull(),
    createdAt: createdAt(),
    handled: boolean("handled").notNull().default(false),
    /** The signed-in customer who asked; null for a visitor's message (its email may claim it later). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Issue 49's one transition table (shared/quote-lifecycle.ts); rows from before start requested. */
    state: text("state", { enum: quoteStates }).notNull().default("requested"),
    /** The current offer's note and end; a revision overwrites them (the old offer is gone). */
    note: text("note"),
    /** The current offer's freight (the order's shipping) and percentage off every unit (issue 62). */
    offerFreightCents: integer("offer_freight_cents"),
    offerDiscountPercent: numeric("offer_discount_percent", { precision: 5, scale: 2, mode: "number" }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    declineReason: text("decline_reason"),
  },
  (t) => [
    // The admins' list: newest first, keyset on (created_at, id), alone or per handled state (0011).
    index("quotes_created_idx").on(t.createdAt, t.id),
    index("quotes_handled_created_idx").on(t.handled, t.createdAt, t.id),
    // ... and per lifecycle state; a customer's own quotes (GET /api/quotes/mine).
    index("quotes_state_created_idx").on(t.state, t.createdAt, t.id),
    index("quotes_user_created_idx").on(t.userId, t.createdAt, t.id),
    // Its prefix search on the email (stored lower-case), the name and the company (0011).
    index("quotes_email_prefix_idx").on(t.email.op("text_pattern_ops")),
    index("quotes_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    index("quotes_company_prefix_idx").on(sql`lower(${t.company}) text_pattern_ops`),
    check(
      "quotes_state_known",
      sql`${t.state} in ('requested', 'offered', 'accepted', 'declined', 'expired', 'withdrawn')`,
    ),
    // An offer always has its end.
    check("quotes_offer_valid_until", sql`${t.state} = 'requested' or ${t.validUntil} is not null`),
    check("quotes_offer_freight_non_negative", sql`${t.offerFreightCents} >= 0`),
    check(
      "quotes_offer_discount_range",
      sql`${t.offerDiscountPercent} > 0 and ${t.offerDiscountPercent} < 100`,
    ),
  ],
);

/**
 * A quote's lines: what the customer asked for, then what the owner offered (a revision replaces
 * them). The unit price is null until there is an offer.
 */
export const quoteLines = pgTable(
  "quote_lines",
  {
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "set null" }),
    /** The tool's name, picture and SKU when the line was written, as an order line keeps them. */
    name: text("name").notNull(),
    image: text("image").notNull(),
    /** Null only on lines whose tool was gone before SKUs came (0038). */
    sku: text("sku"),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents"),
  },
  (t) => [
    primaryKey({ name: "quote_lines_pkey", columns: [t.quoteId, t.position] }),
    check("quote_lines_quantity_positive", sql`${t.quantity} >= 1`),
    check("quote_lines_unit_price_positive", sql`${t.unitPriceCents} > 0`),
  ],
);

/** Every state a quote entered, with when: both sides see it. */
export const quoteHistory = pgTable(
  "quote_history",
  {
    id: timeOrderedId(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    state: text("state", { enum: quoteStates }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quote_history_quote_idx").on(t.quoteId, t.at)],
);

/** A replayed POST with the same Idempotency-Key answers the stored response. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    userId: uuid("user_id").notNull(),
    statusCode: integer("status_code"),
    responseBody: text("response_body"),
    /** A hash of the first request's body: the same key with another body is refused (422). */
    requestHash: text("request_hash"),
    /** The order placed with this key (0014): a replay answers it. Keys stored before keep responseBody. */
    orderId: uuid("order_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("idempotency_keys_user_key").on(t.userId, t.key)],
);

/** Every status an order entered, with when (the order page's history). */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: timeOrderedId(),
    orderId: uuid("order_id").notNull(),
    status: text("status", { enum: orderStatuses }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.at),
    // Named as migration 0003 made it (PostgreSQL's own name), not as drizzle-kit would name it.
    foreignKey({
      name: "order_status_history_order_id_fkey",
      columns: [t.orderId],
      foreignColumns: [orders.id],
    }).onDelete("cascade"),
  ],
);

/** The two kinds of tax document (issue 50): each has its own gap-free series per calendar year. */
export const taxDocumentKinds = ["invoice", "credit_note"] as const;

/**
 * The last number issued in each series and year: the paying (or refunding) transaction claims the next
 * with one INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so the row lock orders concurrent claims and a
 * rolled-back claim leaves no gap (a sequence would). Decision 0042.
 */
export const taxDocumentCounters = pgTable(
  "tax_document_counters",
  {
    kind: text("kind", { enum: taxDocumentKinds }).notNull(),
    year: integer("year").notNull(),
    lastSeq: integer("last_seq").notNull(),
  },
  (t) => [primaryKey({ name: "tax_document_counters_pkey", columns: [t.kind, t.year] })],
);

/**
 * An order's invoice (one, issued when it was paid) and its credit notes (one per refund), each an
 * immutable snapshot: seller, buyer, lines and amounts as they were when it was issued, so that a later
 * change of the catalogue, the account or the tax settings never changes a document already issued.
 * No cascade: an invoiced order cannot be deleted.
 */
export const taxDocuments = pgTable(
  "tax_documents",
  {
    id: timeOrderedId(),
    kind: text("kind", { enum: taxDocumentKinds }).notNull(),
    /** "INV-2026-000001", "INV-CN-2026-000001". */
    number: text("number").notNull(),
    year: integer("year").notNull(),
    seq: integer("seq").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** 0 for the invoice; 1, 2... for the order's credit notes in the order they were issued. */
    ordinal: smallint("ordinal").notNull(),
    /** The invoice a credit note corrects; null for an invoice. */
    correctsId: uuid("corrects_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** What the PDF prints: seller, buyer, lines, totals (apps/server/src/features/invoices). */
    snapshot: jsonb("snapshot").notNull(),
    grossCents: integer("gross_cents").notNull(),
  },
  (t) => [
    uniqueIndex("tax_documents_number_unique").on(t.number),
    uniqueIndex("tax_documents_series_unique").on(t.kind, t.year, t.seq),
    uniqueIndex("tax_documents_order_ordinal_unique").on(t.orderId, t.ordinal),
    foreignKey({ name: "tax_documents_corrects_fkey", columns: [t.correctsId], foreignColumns: [t.id] }),
    check("tax_documents_kind_known", sql`${t.kind} in ('invoice', 'credit_note')`),
    check(
      "tax_documents_invoice_first",
      sql`(${t.kind} = 'invoice') = (${t.ordinal} = 0 and ${t.correctsId} is null)`,
    ),
  ],
);

export const processedWebhookEvents = pgTable("processed_webhook_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

export const testPaymentIntentStatuses = ["requires_payment_method", "succeeded", "canceled"] as const;

/**
 * The payment intents of the built-in test gateway (PAYMENT_GATEWAY=test, docs/architecture.md section 7), kept
 * in the database so that every API process sees the same payments. Stripe keeps its own.
 */
export const testPaymentIntents = pgTable("test_payment_intents", {
  id: text("id").primaryKey(),
  /** Like Stripe's metadata.orderId: no foreign key, a payment outlives a deleted order. */
  orderId: uuid("order_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: text("status", { enum: testPaymentIntentStatuses }).notNull().default("requires_payment_method"),
  createdAt: createdAt(),
  /** Set once the payment was refunded in full (like a Stripe refund of the whole amount). */
  refundedAt: timestamp("refunded_at", { withTimezone: true }),
  /** What its refunds gave back so far: never more than the amount captured (`amountCents`). */
  refundedCents: integer("refunded_cents").notNull().default(0),
});

/**
 * The test gateway's refunds, one per idempotency key, as Stripe keeps them: a retry with the same key
 * and parameters answers this refund again; the key with other parameters is refused.
 */
export const testPaymentRefunds = pgTable("test_payment_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  intentId: text("intent_id")
    .notNull()
    .references(() => testPaymentIntents.id, { onDelete: "cascade" }),
  amountCents: integer("amount_cents").notNull(),
  /** The request's parameters as sent (payment, amount asked or none, purpose), compared on a retry. */
  parameters: text("parameters").notNull(),
  createdAt: createdAt(),
});

export const refundKinds = ["order", "lines", "payment"] as const;
export const refundStates = ["pending", "completed", "failed"] as const;

/**
 * The shop's refunds, written pending before the gateway is asked (its id is the gateway's idempotency
 * key) and completed in the transaction that records the lines, stock, sales and credit note
 * (apps/server/src/features/orders/refunds.ts). `order`: what was left of a paid order; `lines`: chosen
 * units; `payment`: a payment that came after its order was cancelled. No foreign key to the order:
 * money paid out is kept on record even if a cancelled order is deleted.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").notNull(),
    paymentId: text("payment_id").notNull(),
    kind: text("kind", { enum: refundKinds }).notNull(),
    state: text("state", { enum: refundStates }).notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    /** The units refunded, by line position: every unit left for `order`, none for `payment`. */
    lines: jsonb("lines").$type<{ position: number; quantity: number }[]>().notNull(),
    createdAt: createdAt(),
    /** When it completed or the gateway refused it (then nothing was paid out). */
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    // The recovery task's scan: pending refunds, oldest first.
    index("refunds_pending_idx").on(t.createdAt).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Secrets the shop generated for itself, by name ("auth": signs sessions and access tokens when
 * AUTH_SECRET is unset on PostgreSQL), so that every process on the database uses the same one. The
 * first process's insert wins (on conflict do nothing); every process reads the one row.
 */
export const generatedSecrets = pgTable("generated_secrets", {
  name: text("name").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});

/**
 * "Email me when it is back" on a sold-out tool (issue 58, decision 0059). An alert is open until it is
 * mailed; it is mailed only once its address is proven (the link mailed to it, or an account that proved
 * it). Only a token's hash is kept: the token itself is in the mail alone, and a new one is made for each
 * mail, so a link of an older mail stops working.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** Lower-case. */
    email: text("email").notNull(),
    /** SHA-256 of the token of the newest mail about this alert, base64url. */
    tokenHash: text("token_hash").notNull(),
    tokenIssuedAt: timestamp("token_issued_at", { withTimezone: true }).notNull().defaultNow(),
    provenAt: timestamp("proven_at", { withTimezone: true }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open alert per tool and address: asking again renews it instead of mailing twice on restock.
    uniqueIndex("stock_alerts_open_unique").on(t.toolId, t.email).where(sql`${t.notifiedAt} is null`),
    uniqueIndex("stock_alerts_token_unique").on(t.tokenHash),
    index("stock_alerts_email_idx").on(t.email),
    check("stock_alerts_email_lower_case", sql`${t.email} = lower(${t.email})`),
  ],
);

// Identity tables, owned by Better Auth (its core schema, renamed to stay apart from the shop's users).
export const authUser = pgTable("auth_user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const authSession = pgTable(
  "auth_session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
  },
  (t) => [index("auth_session_user_idx").on(t.userId)],
);

export const authAccount = pgTable(
  "auth_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_account_user_idx").on(t.userId)],
);

export const authVerification = pgTable(
  "auth_verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("auth_verification_identifier_idx").on(t.identifier)],
);
