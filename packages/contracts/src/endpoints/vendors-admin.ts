import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MAX_SERIAL, pathId } from './ids.ts';

const tags = ['admin', 'seamless'] as const;

const idParams = pathId(MAX_SERIAL);

export const VENDOR_STATUSES = ['active', 'disabled'] as const;

export const adminVendorSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  status: z.enum(VENDOR_STATUSES),
  createdAt: z.string(),
});
/** A vendor with its HMAC secret: answered once, when the secret is made, and never again. */
export const adminVendorWithSecretSchema = z.object({ ...adminVendorSchema.shape, secret: z.string() });

const vendorName = z.string().trim().min(1).max(100);

/**
 * Operator calls for the game vendors of the seamless wallet (ARCHITECTURE §5, issue 5 item 5):
 * the superadmin's, audit-logged. A disabled vendor's calls stop within 5 s (its cached row).
 */
export const vendorAdminEndpoints = {
  list: defineEndpoint({
    name: 'admin.vendors.list',
    method: 'GET',
    path: '/admin/vendors',
    auth: 'operator',
    summary: "The merchant's game vendors (their secrets are never listed)",
    tags,
    response: z.array(adminVendorSchema),
  }),
  create: defineEndpoint({
    name: 'admin.vendors.create',
    method: 'POST',
    path: '/admin/vendors',
    auth: 'operator',
    summary:
      'Register a game vendor: its code (unique across merchants) names it in the seamless API; the secret is shown once',
    tags,
    body: z.object({
      code: z
        .string()
        .trim()
        .regex(/^[A-Z0-9_]{2,32}$/),
      name: vendorName,
      currency: z
        .string()
        .trim()
        .regex(/^[A-Z]{3}$/),
    }),
    response: adminVendorWithSecretSchema,
  }),
  update: defineEndpoint({
    name: 'admin.vendors.update',
    method: 'PUT',
    path: '/admin/vendors/:id',
    auth: 'operator',
    summary: 'Rename a vendor or disable it (its calls are refused) and enable it again',
    tags,
    params: idParams,
    body: z.object({ name: vendorName, status: z.enum(VENDOR_STATUSES) }),
    response: adminVendorSchema,
  }),
  rotateSecret: defineEndpoint({
    name: 'admin.vendors.rotateSecret',
    method: 'POST',
    path: '/admin/vendors/:id/secret',
    auth: 'operator',
    summary: "Replace a vendor's HMAC secret (the old one stops within 5 s); the new one is shown once",
    tags,
    params: idParams,
    response: adminVendorWithSecretSchema,
  }),
};
