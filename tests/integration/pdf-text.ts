import { inflateSync } from "node:zlib";
import { PDFArray, PDFDocument, PDFRawStream, type PDFPage } from "pdf-lib";

/**
 * The text of each page of a PDF the site made (pdf-lib's standard fonts write hex strings in Flate
 * streams): enough for tests to read what a page says, with pdf-lib itself.
 */
function streamsOf(page: PDFPage): PDFRawStream[] {
  const contents = page.node.Contents();
  if (!contents) return [];
  const list = contents instanceof PDFArray ? contents.asArray() : [contents];
  return list
    .map((ref) => page.doc.context.lookup(ref))
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream);
}

const winAnsiDecoder = new TextDecoder("windows-1252");

export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) =>
    streamsOf(page)
      .map((stream) => {
        const raw = stream.getContents();
        const filter = stream.dict.toString();
        const content = Buffer.from(filter.includes("FlateDecode") ? inflateSync(raw) : raw).toString("latin1");
        return [...content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)]
          .map((match) => winAnsiDecoder.decode(Buffer.from(match[1]!, "hex")))
          .join("\n");
      })
      .join("\n"),
  );
}
