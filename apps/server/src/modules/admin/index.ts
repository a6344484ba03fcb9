/** The admin area's public face: the guard, the reads and every logged admin change (README.md). */
export { createAdminRepo, type AdminRepo } from './admin.repo.js';
export {
  createAdminService,
  AdminAction,
  AdminMsg,
  toPromotionCode,
  toRedeemRecord,
  type AdminService,
  type AdminTx,
  type AdminPlanGrants,
  type AdminPromotions,
  type AdminPromotionRecord,
} from './admin.service.js';
