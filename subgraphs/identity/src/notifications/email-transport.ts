// The e-mail transports moved to @dataplat/kit (shared with the notification service).
export { emailTransportFrom, MailDirectoryTransport, SmtpTransport, type Email, type EmailTransport } from '@dataplat/kit';
