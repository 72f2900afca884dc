/** Where the company logo is served (server/src/modules/tenants/logo.ts). */

/** The public path of a stored logo: its storage key's random id, never the tenant's. */
export function logoPath(logoKey: string): string {
  return `/api/tenant-logos/${logoKey.slice(logoKey.lastIndexOf('/') + 1)}`;
}

/** What the answers call the logo: the stored one's path, else an older data URL, else null. */
export function logoOf(tenant: { logo: string | null; logoKey: string | null }): string | null {
  return tenant.logoKey ? logoPath(tenant.logoKey) : tenant.logo;
}
