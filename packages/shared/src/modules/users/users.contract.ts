import { z } from 'zod';
import { RoleNumberSchema } from '../roles/roles.contract';

/** A row of POST /users/list (001 §3 "Users columns"); userGroup is the role number 0-4. */
export const UserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  userGroup: z.number().int(),
  customer: z.string().nullable(),
  dispatcher: z.boolean(),
  email: z.string(),
  updated_at: z.string(),
  status: z.boolean(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

/**
 * POST /users: create, or update when `id` is present. A new user gets a password, or a reset
 * link by mail (`send_reset`). On update an empty password leaves the current one. Changing one's
 * own password or e-mail needs `current_password` (another user's, with Users edit, does not).
 */
export const UserFormSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string().trim().min(1, 'The name is required.').max(160, 'The name may not be greater than 160 characters.'),
  email: z.email('Enter a valid e-mail address.').max(200),
  password: z
    .string()
    .refine((v) => v === '' || v.length >= 8, 'The password must be at least 8 characters.')
    .refine((v) => v.length <= 200, 'The password may not be greater than 200 characters.')
    .default(''),
  send_reset: z.boolean().default(false),
  current_password: z.string().max(200).default(''),
  role: RoleNumberSchema,
  permission_role_id: z.number().int().positive().nullable(),
  department_id: z.number().int().positive().nullable(),
  customer_id: z.number().int().positive().nullable(),
  active: z.boolean(),
  image: z.string().trim().max(500).nullable().default(null),
});
export type UserForm = z.input<typeof UserFormSchema>;
export type UserFormOutput = z.output<typeof UserFormSchema>;
export const EMPTY_USER_FORM: UserForm = {
  name: '',
  email: '',
  password: '',
  send_reset: false,
  current_password: '',
  role: 4,
  permission_role_id: null,
  department_id: null,
  customer_id: null,
  active: true,
  image: null,
};
/** Fields a user may change on its own record without the Users edit permission. */
export const SELF_EDIT_FIELDS = ['name', 'email', 'password', 'image'] as const;

const OptionSchema = z.object({ id: z.number().int(), name: z.string() });
export const UserOptionsSchema = z.object({
  roles: z.array(OptionSchema),
  departments: z.array(OptionSchema),
  customers: z.array(OptionSchema),
});
export type UserOptions = z.infer<typeof UserOptionsSchema>;

export const UserRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  permission_role_id: z.number().int().nullable(),
  department_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  active: z.boolean(),
  image: z.string().nullable(),
});
export type UserRecord = z.infer<typeof UserRecordSchema>;
export const UserEditResponseSchema = UserOptionsSchema.extend({ user: UserRecordSchema });
export const UserSaveResponseSchema = z.object({
  message: z.string(),
  user: UserRecordSchema,
  reset_sent: z.boolean(),
});
