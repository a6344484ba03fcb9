export * from './envelope.js';
export * from './call.js';
export * from './plans.js';
export * from './membership.js';
export * from './entities.js';
export * from './routes.js';
export * from './socket.js';
export * as userCalls from './calls/user.js';
export * as projectCalls from './calls/project.js';
export * as fileCalls from './calls/files.js';
export * as generateCalls from './calls/generate.js';
export * as chatCalls from './calls/chat.js';
export {
  ChatTypeSchema,
  DesignBriefSchema,
  BoxOptionSchema,
  DesignResultSchema,
  ChatSuggestionSchema,
  DESIGN_PROMPT_COST,
  type ChatSuggestion,
  type ChatType,
  type DesignBrief,
  type DesignResult,
} from './calls/chat.js';
export * as accessCalls from './calls/access.js';
export {
  UPLOAD_MIN_SIDE,
  UPLOAD_MAX_SIDE,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_INPUT_PIXELS,
  UPLOAD_ACCEPT,
  UPLOAD_ACCEPT_EXTENSIONS,
  UPLOAD_PATH,
  UploadMsg,
  UPLOAD_PURPOSES,
  MASK_MIN_SIDE,
  MASK_MAX_SIDE,
  type UploadPurpose,
  STORAGE_TOKEN_RENEW_MS,
  STORAGE_TOKEN_TTL_MS,
  UploadedFileSchema,
  type UploadedFile,
} from './calls/files.js';
export { RECORD_POLL_MS, RECORD_GIVE_UP_MS } from './calls/generate.js';
export { OAUTH_PROVIDERS, OAuthProviderSchema, UploadHistoryItemSchema } from './calls/user.js';
export { LikeImageTypeSchema } from './calls/project.js';
export * from './catalog/index.js';
export * as photoshootCalls from './calls/photoshoot.js';
export * as mockupCalls from './calls/mockup.js';
export {
  MOCKUP_CATEGORY_NAMES,
  MockupCategoryCountSchema,
  MockupDesignAreaSchema,
  MockupSurfaceSchema,
  MockupTemplateInfoSchema,
  MockupTemplateSchema,
  MockupUvDataSchema,
  MOCKUP_RESULT_COST,
  MOCKUP_FREE_SNAPSHOTS_PER_DAY,
  MOCKUP_SNAPSHOT_MAX_SIDE,
  MOCKUP_SERVICE,
  CUSTOM_TEMPLATE_FAILURES,
  MockupPlacementSchema,
  MockupCropSchema,
  MockupItemSchema,
  MockupResultDataSchema,
  MockupCustomDataSchema,
  MockupMaterialSchema,
  CompositeMaterialSchema,
  DesignFacesSchema,
  type MockupPlacement,
  type MockupCrop,
  type MockupItem,
  type MockupMaterial,
  type CompositeMaterial,
  type DesignFaces,
  type MockupDesignArea,
  type MockupSurface,
  type MockupTemplate,
  type MockupTemplateInfo,
  type MockupUvData,
} from './calls/mockup.js';
export {
  PLACEMENT_CANVAS,
  PHOTOSHOOT_RUN_COST,
  SCENE_SIZE,
  SCENE_FAMILIES,
  SCENE_CATEGORIES,
  CUTOUT_FAILURES,
  SceneFamilySchema,
  SceneCategorySchema,
  SceneLightSchema,
  SceneTemplateSchema,
  BackgroundPlacementSchema,
  CutoutFailureSchema,
  PhotoshootChatData,
  type SceneFamily,
  type SceneCategory,
  type SceneLight,
  type SceneTemplate,
  type BackgroundPlacement,
} from './calls/photoshoot.js';
export {
  JSON_LIMITS,
  PROJECT_DATA_MAX_BYTES,
  TextMsg,
  boundedJson,
  jsonBoundsIssue,
  jsonByteLength,
  rejectUnsafeText,
  unsafeTextIssue,
  type InputIssue,
} from './input-safety.js';
export { MAIN_ROLES, PRINT_MATERIALS, PRINT_MATERIAL_OF, faceFor, frontSurfaces, type PrintMaterial } from './mockup-rules.js';
export * as imageToolCalls from './calls/image-tools.js';
export {
  IMAGE_TOOLS,
  IMAGE_TOOL_COSTS,
  IMAGE_TOOL_MIN_SIDE,
  DEFAULT_ERASE_SCALE,
  ERASE_SCALE_MIN,
  ERASE_SCALE_MAX,
  UPSCALE_FACTORS,
  UPSCALE_MAX_SIDE,
  ASPECT_RATIOS,
  TEXT2IMAGE_STYLES,
  AspectRatioSchema,
  Text2ImageStyleSchema,
  ImageToolSchema,
  ImageBoxSchema,
  TextStyleSchema,
  ImageToolDataSchema,
  type ImageTool,
  type ImageBox,
  type AspectRatio,
  type TextStyle,
  type ImageToolData,
} from './calls/image-tools.js';
export * as billingCalls from './calls/billing.js';
export {
  PaidVipTypeSchema,
  PAID_VIP_TYPES,
  TEST_PAYMENT_METHODS,
  SANDBOX_TEST_CARDS,
  CANCEL_COMMENT_MAX,
  CodeTextSchema,
  PAYMENT_PROVIDERS,
  PaymentProviderSchema,
  PaymentStatusSchema,
  SubscribeResultSchema,
  UpgradeOptionSchema,
  BillingOverviewSchema,
  InvoiceSchema,
  CreditEntrySchema,
  CREDIT_REASON_LABELS,
  REDEEM_KINDS,
  RedeemKindSchema,
  API_KEY_PREFIX,
  API_KEY_NAME_MAX,
  API_KEYS_PER_USER_MAX,
  ApiKeySchema,
  AdminUserSchema,
  PromotionCodeSchema,
  type PaymentProviderName,
  type SubscribeResult,
  type UpgradeOption,
  type BillingOverview,
  type Invoice,
  type CreditEntry,
  type ApiKey,
  type AdminUser,
  type PromotionCode,
} from './calls/billing.js';
export { ApiKeyMsg } from './api-keys.js';
