/** The user module's public face: what the composition root and other modules use of it. */
export { createUserRepo, type UserRepo } from './user.repo.js';
export { createUserService, type UserService } from './user.service.js';
export { createUserSettingsRepo, type UserSettingsRepo } from './user-settings.repo.js';
export { createUserSettingsService, type UserSettingsService, type UserSettingsTx } from './user-settings.service.js';
export { createAccessRepo, type AccessRepo } from './access.repo.js';
export { createAccessService, type AccessService, type EditorOpener, type EditorOpening } from './access.service.js';
export { membershipSubject, toUserDto } from './user.dto.js';
