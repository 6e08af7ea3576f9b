import { z } from "zod";

const emailMessage = "Enter a valid email address, like name@example.com";

const email = z
  .email({ error: emailMessage })
  .max(254, "That email address is too long");

/** The Get In Touch form. */
export const contactSchema = z.object({
  name: z
    .string({ error: "Enter your name" })
    .trim()
    .min(1, "Enter your name")
    .max(100, "Keep your name under 100 characters"),
  email,
  message: z
    .string({ error: "Write your message" })
    .trim()
    .min(10, "Write a message of at least 10 characters")
    .max(2000, "Keep your message under 2,000 characters"),
});

/** The newsletter box. */
export const newsletterSchema = z.object({ email });
