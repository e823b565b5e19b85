import { z } from 'zod';
import { emailField, requiredText } from './fields';

export const CONTACT_TOPICS = ['GENERAL', 'ACCOUNT', 'ADS', 'PAYMENTS', 'REPORT_ABUSE'] as const;

export const contactMessageSchema = z.object({
  name: requiredText(120),
  email: emailField,
  topic: z.enum(CONTACT_TOPICS),
  message: requiredText(4000),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
