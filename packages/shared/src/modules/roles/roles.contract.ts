import { z } from 'zod';
import { PermissionNodeSchema } from '../../permissions/grants';

/** Role numbers 0-4 (the spec shows only the numbers; the names are ours, see docs/ARCHITECTURE.md). */
export const ROLE_NUMBER_NAMES: Record<number, string> = {
  0: 'Administrator',
  1: 'Manager',
  2: 'Dispatcher',
  3: 'Head of department',
  4: 'Office staff',
};
export const RoleNumberSchema = z.number().int().min(0).max(4);

export const RoleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  all_permissions: z.boolean(),
  customer_id: z.number().int().nullable(),
  customer: z.string().nullable(),
  users_count: z.number().int(),
});
export type RoleRow = z.infer<typeof RoleRowSchema>;

/** A role in the lists, with whether the caller may edit, delete or give it (it holds all the role grants). */
export const RoleListRowSchema = RoleRowSchema.extend({ editable: z.boolean() });
export type RoleListRow = z.infer<typeof RoleListRowSchema>;
export const RoleListResponseSchema = z.object({ rows: z.array(RoleListRowSchema) });
export const RoleFormResponseSchema = z.object({ all_permissions: z.array(PermissionNodeSchema) });
export const RoleEditResponseSchema = z.object({
  role: RoleRowSchema,
  all_permissions: z.array(PermissionNodeSchema),
});

/** Create when `id` is absent, update when present (the register names no separate update call). */
export const RoleSaveBodySchema = z.object({
  id: z.number().int().positive().optional(),
  name: z
    .string()
    .trim()
    .min(1, 'The name field is required.')
    .max(120, 'The name may not be greater than 120 characters.'),
  customer_id: z.number().int().positive().nullable().optional(),
  permissions: z.array(PermissionNodeSchema),
});
export type RoleSaveBody = z.infer<typeof RoleSaveBodySchema>;
export const RoleSaveResponseSchema = z.object({ message: z.string(), role: RoleRowSchema });

export const SubCustomerBodySchema = z.object({ customer_id: z.number().int().positive().nullable().optional() });
export const SubCustomerResponseSchema = z.object({
  roles: z.array(RoleListRowSchema),
  customers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
