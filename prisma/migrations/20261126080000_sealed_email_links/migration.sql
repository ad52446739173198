-- A queued email's secret link (sign-in, invitation), sealed with AES-256-GCM and erased once sent.
ALTER TABLE "EmailOutbox" ADD COLUMN "sealedLink" TEXT;
