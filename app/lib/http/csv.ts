/**
 * CSV fields that a spreadsheet opens as plain text (OWASP, "CSV Injection"): the staff's subscriber
 * export and the partners' nightly files (decisions 033, 043) both write through these.
 */

/** A leading = + - @, tab or carriage return: a spreadsheet reads the cell as a formula. */
const formulaStart = /^[=+\-@\t\r]/;
/** Every line break a spreadsheet or an importer may start a new line or record at. */
const lineBreaks = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/** The value with a quote mark before a formula's first character. */
function plainText(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;

/** One CSV field (RFC 4180): quoted, quotes doubled, and a formula made plain text with a quote mark before it. */
export function csvField(value: string): string {
  return quoted(plainText(value));
}

/** One CSV field on one line: as `csvField`, with each line break (a carriage return first included) a space. */
export function csvFieldOnOneLine(value: string): string {
  return quoted(plainText(value).replace(lineBreaks, " "));
}
