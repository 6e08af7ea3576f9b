import { PDFDocument, StandardFonts, type PDFFont } from "pdf-lib";
import { shelter } from "#app/config/shelter";

/**
 * The signed contract as a PDF (decision 070), made with pdf-lib (pure JavaScript: runs on Workers):
 * the contract's text, the signature block, and a last page recording the signing. Made once, at
 * signing, and stored: never made again for the same contract.
 */
export interface ContractPdf {
  title: string;
  /** The contract's text exactly as signed (paragraphs split by blank lines). */
  text: string;
  /** The signature block's lines (typed name, "signed electronically", the time). */
  signature: { heading: string; lines: string[] };
  /** The last page: the record of the signing. */
  record: { heading: string; lines: [label: string, value: string][] };
}

const pageSize: [number, number] = [612, 792]; // US Letter
const margin = 56;
const bodySize = 10.5;
const lineGap = 4;

/** Standard PDF fonts write WinAnsi only: Latin letters with their accents stay, anything else becomes "?". */
export function winAnsi(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\n\x20-\x7E\u00A0-\u00FF]/g, "?");
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export async function makeContractPdf(contract: ContractPdf, at: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(winAnsi(contract.title));
  pdf.setCreationDate(at);
  pdf.setModificationDate(at);
  pdf.setProducer(`${shelter.name} web site`);
  const width = pageSize[0] - 2 * margin;
  let page = pdf.addPage(pageSize);
  let y = pageSize[1] - margin;
  const write = (text: string, font: PDFFont, size: number) => {
    for (const line of wrap(winAnsi(text), font, size, width)) {
      if (y - size < margin) {
        page = pdf.addPage(pageSize);
        y = pageSize[1] - margin;
      }
      y -= size;
      if (line) page.drawText(line, { x: margin, y, size, font });
      y -= lineGap;
    }
  };
  write(contract.title, bold, 16);
  y -= 8;
  write(contract.text, regular, bodySize);
  y -= 16;
  write(contract.signature.heading, bold, 12);
  for (const line of contract.signature.lines) write(line, regular, bodySize);

  // The last page: the record of the signing.
  page = pdf.addPage(pageSize);
  y = pageSize[1] - margin;
  write(contract.record.heading, bold, 14);
  y -= 8;
  for (const [label, value] of contract.record.lines) {
    write(label, bold, bodySize);
    write(value, regular, bodySize);
    y -= 4;
  }
  return pdf.save();
}
