/** "$50.00" / "50,00 US$": an amount in cents in the reader's language. */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}
