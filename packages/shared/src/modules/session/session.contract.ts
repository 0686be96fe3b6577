import { z } from 'zod';
import { PermissionNodeSchema } from '../../permissions/grants';

export const LoginBodySchema = z.object({
  email: z.string().trim().min(1, 'The email field is required.').email('The email must be a valid email address.'),
  password: z.string().min(1, 'The password field is required.'),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  version: z.string(),
  version_show: z.boolean(),
  role: z.number().int(),
  customers: z.boolean(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** A wrong login answers 200 with an `error` field, and the client stores no session (000 §4). */
export const LoginErrorSchema = z.object({ error: z.string() });

export const IsLoginResponseSchema = z.object({
  message: z.string(),
  permissions: z.array(PermissionNodeSchema),
  role: z.number().int(),
  expires_in: z.number().int(),
  image: z.string().nullable(),
  customers: z.boolean(),
});
export type IsLoginResponse = z.infer<typeof IsLoginResponseSchema>;

export const ProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  role_name: z.string(),
  permission_role: z.string().nullable(),
  department: z.string().nullable(),
  department_id: z.number().int().nullable(),
  image: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  company_id: z.number().int(),
});
export type Profile = z.infer<typeof ProfileSchema>;
export const UserResponseSchema = z.object({ user: ProfileSchema });

export const VersionResponseSchema = z.object({
  version: z.string(),
  version_show: z.boolean(),
  description: z.string(),
});
export const CompanyIdResponseSchema = z.object({ company_id: z.number().int() });

export const ResetBodySchema = z.object({
  email: z.string().trim().min(1, 'The email field is required.').email('The email must be a valid email address.'),
});
export const RestoreQuerySchema = z.object({ token: z.string().min(1, 'The token field is required.') });
export const RestoreCheckResponseSchema = z.object({ valid: z.literal(true), email: z.string() });
export const RestoreBodySchema = z
  .object({
    token: z.string().min(1, 'The token field is required.'),
    password: z.string().min(8, 'The password must be at least 8 characters.').max(200),
    password_confirmation: z.string(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: 'The password confirmation does not match.',
    path: ['password_confirmation'],
  });
export type RestoreBody = z.infer<typeof RestoreBodySchema>;

/** POST /email/undo: the token of the link mailed to the old address when a user changed its e-mail. */
export const EmailUndoBodySchema = z.object({ token: z.string().min(1, 'The token field is required.').max(200) });
export type EmailUndoBody = z.infer<typeof EmailUndoBodySchema>;
export const EmailUndoResponseSchema = z.object({ message: z.string(), email: z.string() });
