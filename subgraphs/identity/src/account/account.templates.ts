/** E-mail texts of the account lifecycle (plain text; the notification service adds HTML later). */
export const templates = {
  verification: (firstName: string, code: string, link: string, hours: number) => ({
    template: 'identity.email-verification',
    subject: 'Verify your e-mail address',
    body: `Hello ${firstName},\n\nconfirm your e-mail address to activate your account:\n\n  ${link}\n\nor enter this code: ${code}\n\nThe code expires in ${hours} hours. If you did not register, ignore this message.\n`,
  }),
  alreadyRegistered: (firstName: string, link: string) => ({
    template: 'identity.already-registered',
    subject: 'Someone tried to register with your e-mail address',
    body: `Hello ${firstName},\n\nsomeone (perhaps you) tried to create an account with this address, which already has one.\nIf you forgot your password, reset it here: ${link}\nOtherwise, ignore this message.\n`,
  }),
  passwordReset: (firstName: string, code: string, link: string, minutes: number) => ({
    template: 'identity.password-reset',
    subject: 'Reset your password',
    body: `Hello ${firstName},\n\nreset your password here:\n\n  ${link}\n\nor use this code: ${code}\n\nThe code expires in ${minutes} minutes and works once. If you did not ask for it, ignore this message: your password is unchanged.\n`,
  }),
  passwordChanged: (firstName: string) => ({
    template: 'identity.password-changed',
    subject: 'Your password was changed',
    body: `Hello ${firstName},\n\nthe password of your account was just changed and your other sessions were signed out.\nIf this was not you, reset your password at once and contact your administrator.\n`,
  }),
};
