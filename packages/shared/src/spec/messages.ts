// User-facing texts, word for word from the spec. Use these constants; never retype a message.
export const MSG = {
  notAuthorized: 'You are not authorized',
  whoops: 'Whoops, something went wrong! 🙁',
  invalidFileName: 'Invalid characters in file name: @ # % & !',
  numberFromGreaterThanTo: 'The "From" value must not be greater than the "To" value.',
  invoicesNotSent: 'Invoices not sent',
  invoicesSent: 'Invoices sent successfully',
  openInvoiceError: '⚠️ Error: Failed to open the invoice. Please check the file and try again.',
  openInvoiceSuccess: '✔️ Success: The invoice has been opened successfully. 😉',
  openInvoiceWarning:
    'Warning: Opening this invoice may expose sensitive financial data. Verify the sender, check for malware, and confirm details before proceeding. 🚨',
  ppwSent: 'Sended Successfully',
  feedbackThanks: 'Thanks a lot for your feedback',
  deletionError: 'Deletion error',
  removalSuccess: 'The removal was successful',
  recordDeleted: 'The record has been successfully deleted.',
  removeError: 'Remove error',
  serverError: 'Server Error',
  somethingWrong: 'Something went wrong!',
  savingSuccess: 'Saving Successfully',
  savingError: 'Saving error',
  messageSent: 'Message has been sent successfully.',
  dataUpdated: 'Data successfully updated',
  copied: 'Copied!',
  createdSelectItem: 'Created select item',
  editSelectItem: 'Edit select item',
  createdEquipment: 'Created equipment item',
  updatedEquipment: 'Updated equipment item',
  removeEquipment: 'Remove equipment item',
  createdNotes: 'Created notes item',
  updatedNotes: 'Updated notes item',
  removeNotes: 'Remove notes item',
  createdValue: 'Created value item',
  updatedValue: 'Updated value item',
  itemRemoved: 'Item removed successfully',
  itemAdded: 'Item added successfully',
  itemSaved: 'Item saved successfully',
  itemDeleted: 'Item deleted successfully',
  // Staff pay (001 §8).
  deleteSuccess: 'Delete success',
  deleteError: 'Delete error',
  saveRateSuccess: 'Save rate Successfully',
  saveSuccess: 'Save Successfully',
  salaryPaymentDeleted: 'Salary payment deleted successfully',
  /** Role (permission) calls fail (000 §8). */
  roleCallFailed: 'Something went wrong',
  // The Shop (001 §8): work orders, planner day off, trucks on the road reports.
  removeItemWorkOrder: 'Remove item work order',
  removeItemDayOff: 'Remove item day off',
  editDayOff: 'Edit day off',
  // Safety and reports (001 §8).
  reportSent: 'Report sent successfully',
  reportSendingError: 'Sending error',
  reportWasSent: 'Report was sent successfully',
  reportCouldNotSend: "Report couldn't send",
  exceptionAdded: 'Added new exception',
  exceptionCommentAdded: 'Comment added successfully',
  exceptionRemoved: 'Exception removed successfully',
  actionFailed: 'Failed to send. Something went wrong.',
  // Account and personal (001 §8).
  vacationRequestSent: 'Vacation request sent.',
  leaveRequestDeleted: 'The leave request has been successfully deleted.',
  leaveRequestDeleteConfirm: 'Are you sure? This leave request will be permanently deleted.',
  readStatusChanged: 'Read status successfully changed',
  checkedIn: 'You are logged in, have a nice day!',
  checkedOut: 'You have finished your working day. Have a nice day!',
  alreadyCheckedIn: 'You already have a checkin today.',
  alreadyCheckedOut: 'You are already logged out',
  checkCallFailed: 'Sorry, but there was an error on the server, please contact the administrator',
} as const;

/** A small list's saves and deletions (001 §8: the item messages), e.g. the /info lists. */
export const ITEM_MESSAGES = { created: MSG.itemAdded, updated: MSG.itemSaved, deleted: MSG.itemDeleted } as const;

// Texts the spec leaves to us (it says only "a clear message"); kept here so server and web agree.
export const APP_MSG = {
  wrongCredentials: 'These credentials do not match our records.',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  forbidden: 'You do not have permission to do this.',
  notFound: 'The record was not found.',
  resetSent: 'If an account exists for that address, we have sent a link to reset the password.',
  tooManyResets: (minutes: number) =>
    `Too many password reset requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  resetInvalid: 'This password reset link is invalid or has expired.',
  passwordChanged: 'Your password has been changed. Sign in with the new password.',
  loggedOut: 'Logged out',
  validationFailed: 'The given data was invalid.',
  /** A cookie-authenticated write without the web app's header or from another origin (CSRF). */
  crossSiteRefused: 'This request did not come from the application. Reload the page and try again.',
  /** A driver action added on the safety calendar (001 §8 gives only the failure text). */
  safetyActionAdded: 'Action added',
  // Account and personal: the spec says only "refused with a clear message".
  notCheckedIn: 'You have not checked in today, so there is nothing to check out.',
  vacationEndsBeforeStart: 'The vacation cannot end before it starts.',
  vacationDecided: 'The vacation request has been answered.',
  noteSent: 'The note has been sent.',
  scheduleSaved: 'The schedule of the day has been saved.',
  dayOutsideSchedule: 'The day is not one of the four weeks of this schedule.',
  shiftEndsBeforeStart: 'The shift cannot end before it starts.',
  dayTimesSaved: 'The day has been saved.',
  passwordMatchesEmail: 'The password may not contain your e-mail address.',
  currentPasswordWrong: 'The current password is not correct.',
  currentPasswordRequired: 'The current password field is required.',
  emailUndoInvalid: 'This link to undo the e-mail change is invalid or has expired.',
  emailUndoTaken: 'The old e-mail address now belongs to another account. Ask an administrator to restore it.',
  emailRestored: (email: string) =>
    `Your e-mail address is ${email} again. Every session of your account has been signed out and its password cleared: reset the password to sign in again.`,
  informationSaved: 'Your information has been saved.',
  passwordUpdated: 'Your password has been changed; your other sessions have been signed out.',
} as const;
