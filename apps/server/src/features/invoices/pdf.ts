// An invoice or credit note as a PDF, drawn by pdfkit (decision 0042) from its snapshot alone, so the
// same document always prints the same. The text is set in DejaVu Sans Condensed, embedded (only the
// glyphs used, so the file stays small): the PDF standard fonts know Latin-1 only, and buyers are named
// Łukasz Żółć, Ωmega or Дмитрий. Every text is real text (pdftotext and screen readers read it).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type Font, create as parseFont } from "fontkit";
import PDFDocument from "pdfkit";
import { minorToAmount } from "../../lib/money";
import type { DocumentLine, TaxDocumentSnapshot } from "./snapshot";

export type Paper = "a4" | "letter";

const PAPER: Record<Paper, string> = { a4: "A4", letter: "LETTER" };
const MARGIN = 50;
const FONT = "Body";
const BOLD = "Bold";

let fonts: { regular: Font; bold: Font } | undefined;

/**
 * The fonts of the dejavu-fonts-ttf package, parsed by fontkit (pdfkit's font engine) once per process:
 * handed a file, pdfkit would parse its 650 KB again for every document, which took a rendering from
 * about 30 ms to about 300 ms (the shapes fontkit works out for each glyph are kept with the font).
 */
function loadedFonts() {
  if (!fonts) {
    const directory = join(
      dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")),
      "ttf",
    );
    const parse = (file: string) => parseFont(readFileSync(join(directory, file))) as Font;
    fonts = { regular: parse("DejaVuSansCondensed.ttf"), bold: parse("DejaVuSansCondensed-Bold.ttf") };
  }
  return fonts;
}

/** "USD 1,234.50": the ISO code, which every font can print and every accountant reads. */
function moneyOf(currency: string) {
  const format = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "code" });
  return (minor: number) => format.format(minorToAmount(minor, currency)).replace(/\u00a0/g, " ");
}

function dateOf(iso: string): string {
  return iso.slice(0, 10);
}

const TITLE = { invoice: "Invoice", credit_note: "Credit note" } as const;

/** The file name a browser saves it under: INV-2026-000001.pdf. */
export function pdfFileName(number: string): string {
  return `${number.replace(/[^A-Za-z0-9-]/g, "_")}.pdf`;
}

/** The document's PDF, whole, on A4 or Letter paper. */
export function renderTaxDocumentPdf(
  number: string,
  doc: TaxDocumentSnapshot,
  paper: Paper,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: PAPER[paper],
    margin: MARGIN,
    // No Helvetica loaded first: the document's fonts are registered below.
    font: null as unknown as string,
    info: {
      Title: `${TITLE[doc.kind]} ${number}`,
      Author: doc.seller.name,
      // The issue date, not the rendering's: the same document gives the same file.
      CreationDate: new Date(doc.issuedAt),
    },
    lang: "en",
    displayTitle: true,
  });
  const { regular, bold } = loadedFonts();
  // pdfkit takes a font fontkit has parsed (its typings know only files and bytes).
  pdf.registerFont(FONT, regular as unknown as Buffer);
  pdf.registerFont(BOLD, bold as unknown as Buffer);
  pdf.font(FONT);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  drawDocument(pdf, number, doc);
  pdf.end();
  return done;
}

function drawDocument(pdf: PDFKit.PDFDocument, number: string, doc: TaxDocumentSnapshot): void {
  const money = moneyOf(doc.currency);
  const width = pdf.page.width - 2 * MARGIN;
  pdf.font(BOLD).fontSize(20).text(`${TITLE[doc.kind]} ${number}`);
  pdf.moveDown(0.5).font(FONT).fontSize(10);
  const facts: [string, string][] = [
    ["Date", dateOf(doc.issuedAt)],
    ["Order", doc.orderNumber],
    ["Payment", doc.paymentId ?? "-"],
  ];
  if (doc.corrects) facts.unshift(["Corrects invoice", doc.corrects]);
  for (const [label, value] of facts) pdf.text(`${label}: ${value}`);

  // Seller on the left, buyer on the right, from the same height.
  pdf.moveDown();
  const top = pdf.y;
  const half = width / 2 - 10;
  const seller = [
    doc.seller.name,
    ...doc.seller.addressLines,
    ...(doc.seller.taxId ? [`Tax id: ${doc.seller.taxId}`] : []),
  ];
  const { company, taxId } = doc.buyer;
  const buyer = [
    ...(doc.buyer.name ? [doc.buyer.name] : []),
    ...(company ? [company] : []),
    doc.buyer.email,
    doc.buyer.address,
    ...(taxId ? [`VAT number: ${taxId}`] : []),
  ];
  pdf.font(BOLD).text("Seller", MARGIN, top, { width: half });
  pdf.font(FONT).text(seller.join("\n"), { width: half });
  const sellerBottom = pdf.y;
  pdf.font(BOLD).text("Bill to", MARGIN + width / 2, top, { width: half });
  pdf.font(FONT).text(buyer.join("\n"), { width: half });
  pdf.x = MARGIN;
  pdf.y = Math.max(sellerBottom, pdf.y) + 20;

  drawLines(pdf, doc.lines, money, width);

  const rate = `${doc.tax.ratePercent}%`;
  const totals: [string, string][] = [
    ["Net", money(doc.totals.netCents)],
    [`Tax (${rate})`, money(doc.totals.taxCents)],
    [doc.kind === "invoice" ? "Total" : "Total credited", money(doc.totals.grossCents)],
  ];
  pdf.moveDown();
  for (const [index, [label, value]] of totals.entries()) {
    keepOnPage(pdf, 14);
    const y = pdf.y;
    pdf.font(index === totals.length - 1 ? BOLD : FONT);
    pdf.text(label, MARGIN + width - 260, y, { width: 140, align: "right" });
    pdf.text(value, MARGIN + width - 110, y, { width: 110, align: "right" });
  }
  pdf.moveDown().font(FONT).fontSize(9);
  pdf.text(doc.tax.pricesIncludeTax ? "Prices include tax." : "Tax is added to the prices.", MARGIN, pdf.y, {
    width,
  });
  if (doc.kind === "credit_note") {
    pdf.text(`This credit note corrects invoice ${doc.corrects}: the amounts above are refunded.`, { width });
  }
}

const COLUMNS = [
  { title: "Tool", share: 0.34, align: "left" },
  { title: "Qty", share: 0.08, align: "right" },
  { title: "Unit price", share: 0.15, align: "right" },
  { title: "Net", share: 0.15, align: "right" },
  { title: "Tax", share: 0.13, align: "right" },
  { title: "Total", share: 0.15, align: "right" },
] as const;

function drawRow(pdf: PDFKit.PDFDocument, cells: readonly string[], width: number, bold: boolean): void {
  pdf.font(bold ? BOLD : FONT).fontSize(10);
  const widths = COLUMNS.map((column) => column.share * width - 6);
  const height = Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: widths[i] })));
  keepOnPage(pdf, height + 6);
  const y = pdf.y;
  let x = MARGIN;
  for (const [i, cell] of cells.entries()) {
    pdf.text(cell, x, y, { width: widths[i], align: COLUMNS[i]?.align });
    x += (COLUMNS[i]?.share ?? 0) * width;
  }
  pdf.x = MARGIN;
  pdf.y = y + height + 4;
}

function drawLines(
  pdf: PDFKit.PDFDocument,
  lines: readonly DocumentLine[],
  money: (minor: number) => string,
  width: number,
): void {
  drawRow(
    pdf,
    COLUMNS.map((column) => column.title),
    width,
    true,
  );
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + width, pdf.y)
    .stroke();
  pdf.y += 4;
  for (const line of lines) {
    drawRow(
      pdf,
      [
        // The part number after the name, as the order's lines show it; documents from before have none.
        line.sku ? `${line.name}, SKU ${line.sku}` : line.name,
        String(line.quantity),
        money(line.unitPriceCents),
        money(line.netCents),
        money(line.taxCents),
        money(line.grossCents),
      ],
      width,
      false,
    );
  }
  pdf
    .moveTo(MARGIN, pdf.y)
    .lineTo(MARGIN + width, pdf.y)
    .stroke();
}

/** A new page when `height` more points would not fit on this one. */
function keepOnPage(pdf: PDFKit.PDFDocument, height: number): void {
  if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
}
