import { count, eq, sql } from "drizzle-orm";
import type { Database } from "./client";
import { categories, reviews, tools } from "./schema";

/** A category of the demo tree: its slug, name and parent's slug (none for a root). */
export interface DemoCategory {
  slug: string;
  name: string;
  parent?: string;
}

/**
 * The demo's small tree (decision 0055). The two roots are migration 0036's; each sub-category groups
 * some of the demo tools, and two electrical tools stay in their root, so both show.
 */
export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  { slug: "electrical", name: "Electrical" },
  { slug: "mechanical", name: "Mechanical" },
  { slug: "drills", name: "Drills", parent: "electrical" },
  { slug: "testers", name: "Testers", parent: "electrical" },
  { slug: "pliers", name: "Pliers", parent: "mechanical" },
  { slug: "screwdrivers", name: "Screwdrivers", parent: "mechanical" },
  { slug: "measuring", name: "Measuring", parent: "mechanical" },
];

type NewTool = Omit<typeof tools.$inferInsert, "categoryId"> & { category: string };

// The eight tools that docs/product.md names, priced per unit for wholesale orders.
const demoTools: readonly NewTool[] = [
  {
    name: "Pliers",
    sku: "PL-180",
    category: "pliers",
    short:
      "Forged chrome-vanadium combination pliers with induction-hardened cutting edges and 1000 V insulated grips. Grips, bends and cuts copper and steel wire up to 2.5 mm.",
    image: "/images/tools/pliers.svg",
    priceCents: 1250,
    minQuantity: 20,
    availableQuantity: 1200,
  },
  {
    name: "Screwdrivers",
    sku: "SD-6PC",
    category: "screwdrivers",
    short:
      "A six-piece set of slotted and Phillips screwdrivers with magnetic tips and VDE-rated insulated shafts. Two-component handles keep a firm grip through a full day of panel work.",
    image: "/images/tools/screwdrivers.svg",
    priceCents: 1890,
    minQuantity: 10,
    availableQuantity: 800,
  },
  {
    name: "Tape Measure",
    sku: "TM-5M/16",
    category: "measuring",
    short:
      "A 5 m (16 ft) tape measure with a 25 mm nylon-coated blade that stands out 2.4 m unsupported. The rubber-armoured case survives drops from a ladder.",
    image: "/images/tools/tape-measure.svg",
    priceCents: 975,
    minQuantity: 25,
    availableQuantity: 1500,
  },
  {
    name: "Electric Drill",
    sku: "ED-18V.2",
    category: "drills",
    short:
      "An 18 V cordless drill/driver with a brushless motor, a 13 mm keyless chuck and 21 torque settings. Supplied with two 2.0 Ah batteries and a one-hour charger.",
    image: "/images/tools/electric-drill.svg",
    priceCents: 8900,
    minQuantity: 10,
    availableQuantity: 240,
  },
  {
    name: "Level",
    sku: "LV-600",
    category: "measuring",
    short:
      "A 600 mm aluminium box-beam spirit level with three shock-proof vials accurate to 0.5 mm/m. Its magnetic edge holds it on conduit, panels and steel studs.",
    image: "/images/tools/level.svg",
    priceCents: 1640,
    minQuantity: 15,
    availableQuantity: 600,
  },
  {
    name: "Wire Strippers",
    sku: "WS-0.2/6",
    category: "electrical",
    short:
      "Self-adjusting wire strippers for solid and stranded conductors from 0.2 to 6 mm², with a built-in cutter and crimper. One squeeze strips the insulation without nicking the copper.",
    image: "/images/tools/wire-strippers.svg",
    priceCents: 1120,
    minQuantity: 20,
    availableQuantity: 950,
  },
  {
    name: "Fish Tape",
    sku: "FT-30M",
    category: "electrical",
    short:
      "A 15 m (50 ft) spring-steel fish tape on an impact-resistant reel, with etched length markings. The flexible, rounded leader pulls cable through conduit without snagging.",
    image: "/images/tools/fish-tape.svg",
    priceCents: 2460,
    minQuantity: 10,
    availableQuantity: 320,
  },
  {
    name: "Voltage Tester",
    sku: "VT-1000",
    category: "testers",
    short:
      "A pocket non-contact voltage tester that detects 12 to 1000 V AC with a bright LED, a beeper and vibration. CAT IV rated, with a built-in flashlight for dark cabinets.",
    image: "/images/tools/voltage-tester.svg",
    priceCents: 1430,
    minQuantity: 30,
    availableQuantity: 2000,
  },
];

const demoReviews = [
  {
    name: "Maria Gonzalez",
    email: "maria.gonzalez@example.com",
    rating: 5,
    comment:
      "We equip forty electricians with these pliers and strippers. After a year on site they still cut cleanly, and every order arrived on the promised day.",
  },
  {
    name: "Daniel Okafor",
    email: "daniel.okafor@example.com",
    rating: 4,
    comment:
      "The cordless drills are great value for a wholesale order. I would like a longer charger cable, but the batteries last a full shift.",
  },
  {
    name: "Priya Raman",
    email: "priya.raman@example.com",
    rating: 5,
    comment:
      "Ordering 500 voltage testers for our training centre took five minutes. Clear prices, honest stock numbers and a quick answer from the sales team.",
  },
  {
    name: "Tom Becker",
    email: "tom.becker@example.com",
    rating: 4,
    comment:
      "Solid tape measures and levels at a fair price. The minimum order suits a small hardware shop like ours.",
  },
  {
    name: "Aisha Khan",
    email: "aisha.khan@example.com",
    rating: 5,
    comment:
      "Fish tapes that don't kink! Our crew has pulled cable through hundreds of metres of conduit with them.",
  },
] as const;

// Taken inside the seeding transaction so that two processes starting together seed once.
const SEED_LOCK_ID = 7_305_002;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills an empty catalogue with the demo tools and a few reviews. Does nothing when any tool exists,
 * so it is safe to run on every start.
 * @returns whether it inserted anything
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ value: count() }).from(tools);
    if ((existing?.value ?? 0) > 0) return false;

    const categoryIds = await addCategories(tx, DEMO_CATEGORIES);
    await tx
      .insert(tools)
      .values(
        demoTools.map(({ category, ...tool }) => ({ ...tool, categoryId: idOf(categoryIds, category) })),
      );
    // Spread the reviews over the last days so "newest first" has a visible order.
    const now = Date.now();
    await tx
      .insert(reviews)
      .values(
        demoReviews.map((review, index) => ({ ...review, createdAt: new Date(now - (index + 1) * DAY_MS) })),
      );
    return true;
  });
}

/**
 * Adds the categories of `tree` that are missing (by slug), each last among its siblings; parents come
 * before their children in `tree`. Answers every slug's id.
 */
export async function addCategories(
  db: Pick<Database, "select" | "insert">,
  tree: readonly DemoCategory[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const category of tree) {
    const [existing] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, category.slug));
    if (existing) {
      ids.set(category.slug, existing.id);
      continue;
    }
    const parentId = category.parent ? idOf(ids, category.parent) : null;
    const [added] = await db
      .insert(categories)
      .values({
        name: category.name,
        slug: category.slug,
        parentId,
        position: sql`(select count(*) from ${categories} where ${
          parentId ? sql`parent_id = ${parentId}` : sql`parent_id is null`
        })`,
      })
      .returning({ id: categories.id });
    if (!added) throw new Error(`The category ${category.slug} was not added.`);
    ids.set(category.slug, added.id);
  }
  return ids;
}

function idOf(ids: Map<string, string>, slug: string): string {
  const id = ids.get(slug);
  if (!id) throw new Error(`No category ${slug} before its use.`);
  return id;
}
