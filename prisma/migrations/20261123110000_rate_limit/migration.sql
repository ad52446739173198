-- Counters of rate-limiter-flexible's PostgreSQL store, shared by every instance (lib/ratelimit).
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);
