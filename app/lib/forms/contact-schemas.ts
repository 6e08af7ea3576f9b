import { z } from "zod";

// Each message is its English text and its catalogue id, shown in the page's language (lib/i18n/form-messages.ts).
const emailMessage = /*i18n*/ "Enter a valid email address, like name@example.com";

const email = z.email({ error: emailMessage }).max(254, /*i18n*/ "That email address is too long");

/** The Get In Touch form. */
export const contactSchema = z.object({
  name: z
    .string({ error: /*i18n*/ "Enter your name" })
    .trim()
    .min(1, /*i18n*/ "Enter your name")
    .max(100, /*i18n*/ "Keep your name under 100 characters"),
  email,
  message: z
    .string({ error: /*i18n*/ "Write your message" })
    .trim()
    .min(10, /*i18n*/ "Write a message of at least 10 characters")
    .max(2000, /*i18n*/ "Keep your message under 2,000 characters"),
});

/** The newsletter box. */
export const newsletterSchema = z.object({ email });
