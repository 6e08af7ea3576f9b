/**
 * The honeypot of the public forms (decision 017): a field people never see or fill, that form-filling
 * robots do. Its name sounds like something a robot should fill in, and nothing a browser autofills.
 */
export const honeypotField = "fax_number";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(honeypotField);
  return typeof value === "string" ? value.trim() !== "" : value !== null;
}
