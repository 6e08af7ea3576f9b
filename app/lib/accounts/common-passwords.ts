let commonPasswords: Set<string> | undefined;

/**
 * True for one of the ~49,000 most common passwords (zxcvbn's ranked list). The list is loaded on
 * first use, so only sign-up and password reset pay for it.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  if (!commonPasswords) {
    const { dictionary } = await import("@zxcvbn-ts/language-common");
    commonPasswords = new Set(dictionary["passwords-common"]);
  }
  return commonPasswords.has(password.toLowerCase());
}
