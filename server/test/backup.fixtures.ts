/** The small demo store the backup tests write, archive and restore (backup.engine, backup-embedded.long). */
export const SMALL_STORE = {
  now: new Date("2026-05-09T04:00:00Z"),
  size: {
    products: 4,
    users: 8,
    orders: 12,
    vouchers: 2,
    withdrawals: 3,
    agencyStores: 2,
    banners: 2,
    testimonials: 2,
  },
};
