import { ACTION, can, SECTION } from '@backhaul/shared';
import type { FileEntityAccess, FilesService } from './files.service';

/** The common case: a module's files follow its section's file actions (23-26). */
export function sectionFileAccess(section: number): FileEntityAccess {
  return {
    view: (auth) => can(auth.grants, { section, action: [ACTION.FILE_VIEW, ACTION.FILE_DOWNLOAD, ACTION.VIEW] }),
    upload: (auth) => can(auth.grants, { section, action: [ACTION.FILE_UPLOAD, ACTION.EDIT] }),
    remove: (auth) => can(auth.grants, { section, action: [ACTION.FILE_DELETE, ACTION.DELETE] }),
  };
}

/** Entities the platform itself owns; a module registers its own (access, delete rules, store hooks). */
export function registerPlatformFileEntities(files: FilesService): void {
  // Exports and other generated downloads: only the user who made them (entity id = user id).
  files.registerEntity('exports', {
    view: (auth, entityId) => String(auth.user.id) === entityId,
    upload: () => false,
  });
  // Mail attachments: whoever reads the mail log.
  files.registerEntity('mail', {
    view: (auth) => can(auth.grants, { section: SECTION.Mail, action: ACTION.VIEW }),
    upload: () => false,
  });
}
