/**
 * Generated from the server's /openapi.json by `npm run sdk:generate`; do not edit by hand.
 * A test (packages/sdk/test/openapi-types.drift.test.ts) fails when this file and the server
 * disagree.
 */
export interface paths {
  '/v1/oauth/client/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange client credentials for an access token
     * @description Accepts the JSON form `{clientId, clientSecret}` or the OAuth 2.0 client-credentials form (form-encoded, credentials in HTTP Basic or in the body). JSON requests get camelCase fields, form requests the RFC 6749 names. Errors are RFC 6749 section 5.2 bodies (`application/json`, `error`, `error_description`) that also carry the problem members (`code`, `requestId`, ...). Discovery: `GET /.well-known/oauth-authorization-server`.
     */
    post: operations['createAccessToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/jwks.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public keys that verify access tokens (RFC 7517) */
    get: operations['getJwks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-authorization-server': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * OAuth 2.0 authorization server metadata (RFC 8414)
     * @description What an OAuth client needs to discover the token endpoint and the keys. URLs are built from COFRE_PUBLIC_URL (else the issuer, when it is a URL; else the address the connection arrived on). docs/api.md "Authentication".
     */
    get: operations['getAuthorizationServerMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events/types': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Resources and the event types a subscription can select
     * @description The business resources (ACCOUNT, BENEFICIARY, OPERATION) and the operational ones (SUBSCRIPTION, MESSAGE: delivery alerts, docs/webhooks.md "Delivery alerts"), marked `operational`. A subscription with a top-level `includeAll` gets every business event and no operational one: those are selected by naming their resource, so receivers that took everything before alerts existed see no new event types. An alert is never delivered to the subscription it is about.
     */
    get: operations['listEventTypes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List accounts */
    get: operations['listAccounts'];
    put?: never;
    /**
     * Open an account
     * @description Accepts `Idempotency-Key` (docs/api.md). A client bound to a list of accounts cannot open one: 403 CLIENT_BOUND_TO_ACCOUNTS (docs/api.md "Clients bound to accounts").
     */
    post: operations['createAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/accounts/{accountId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an account */
    get: operations['getAccount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update an account's metadata
     * @description Merges `metadata` into the account's: a key given replaces its value, a key set to "" is removed, `null` removes every key (docs/api.md "Metadata"). Nothing else of an account is changed this way.
     */
    patch: operations['updateAccount'];
    trace?: never;
  };
  '/v1/accounts/{accountId}/balances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An account's balances
     * @description One entry per asset of the account, amounts as decimal strings. With `at`, the balances as they stood at that instant, computed from the ledger entries booked at or before it (docs/api.md "Balances and statement").
     */
    get: operations['listAccountBalances'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/accounts/{accountId}/statement': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An account's statement
     * @description Ledger entries on the available balance, newest first by default, paginated like every list. `balanceAfter` is the available balance of the asset right after the entry. With `from` or `to`, only the entries booked in the period (from, to], and `period` gives the balances at its opening and closing (docs/api.md "Balances and statement").
     */
    get: operations['getAccountStatement'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/beneficiaries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List beneficiaries */
    get: operations['listBeneficiaries'];
    put?: never;
    /**
     * Create a beneficiary with its first payment instruction
     * @description The instruction starts PENDING_REVIEW. Accepts `Idempotency-Key` (docs/api.md).
     */
    post: operations['createBeneficiary'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/beneficiaries/{beneficiaryId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a beneficiary */
    get: operations['getBeneficiary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update a beneficiary's metadata
     * @description Merges `metadata` into the beneficiary's: a key given replaces its value, a key set to "" is removed, `null` removes every key (docs/api.md "Metadata"). The holder and the instructions are not changed this way.
     */
    patch: operations['updateBeneficiary'];
    trace?: never;
  };
  '/v1/beneficiaries/{beneficiaryId}/paymentInstructions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a payment instruction to a beneficiary
     * @description Answers the new instruction, PENDING_REVIEW. The same instruction twice on one beneficiary is 409 DUPLICATE_PAYMENT_INSTRUCTION. Accepts `Idempotency-Key`.
     */
    post: operations['createPaymentInstruction'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/beneficiaries/{beneficiaryId}/paymentInstructions/{instructionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a payment instruction
     * @description Soft removal: no new operation may use it; past operations keep their snapshot. Removing it again is 404.
     */
    delete: operations['deletePaymentInstruction'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/deposit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Request a deposit
     * @description Answers the operation, REQUESTED, with its `fundingInstruction` (a PIX key and copy-and-paste code for BRL, a wallet address for crypto) valid until `expiresAt`. Accepts `Idempotency-Key` (docs/api.md "Deposits").
     */
    post: operations['createDeposit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/withdrawal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Request a withdrawal to an approved payment instruction
     * @description Answers the operation, REQUESTED, with the amount held. Refused with nothing moved: 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, PAYMENT_INSTRUCTION_NOT_APPROVED, PAYMENT_INSTRUCTION_REMOVED, ASSET_MISMATCH, ASSET_NOT_ENABLED. Accepts `Idempotency-Key` (docs/api.md "Withdrawals").
     */
    post: operations['createWithdrawal'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/swap': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Swap one asset for another at a quote
     * @description Consumes the quote and holds its `sourceAmount`; answers the operation, REQUESTED. When it COMPLETES, the source amount (fee included) leaves and the `targetAmount` arrives in one ledger transaction; when it FAILS, the hold is released. Forward only. Refused with nothing moved and the quote still usable: 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED, QUOTE_MISMATCH; and QUOTE_EXPIRED, QUOTE_ALREADY_CONSUMED, QUOTE_ACCOUNT_MISMATCH; 404 for another customer's quote. Accepts `Idempotency-Key` (docs/api.md "Swaps").
     */
    post: operations['createSwap'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/order': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Place a MARKET or LIMIT order to buy or sell a base asset for a quote asset
     * @description MARKET fills at once at the current price: the operation is COMPLETED in the answer. LIMIT holds what it may spend (BUY: notional + fee in the quote asset at limitPrice; SELL: the base amount) and stays PROCESSING until the price reaches limitPrice (it fills at limitPrice), it expires (FAILED ORDER_EXPIRED) or it is cancelled. Refused with nothing moved: 422 INSUFFICIENT_BALANCE, BALANCE_LIMIT_EXCEEDED (what it buys would take a balance above its maximum; a LIMIT order that would fails with it), RATE_UNAVAILABLE, AMOUNT_TOO_SMALL, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED. Accepts `Idempotency-Key` (docs/api.md "Orders").
     */
    post: operations['createOrder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/pixPayment': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pay a PIX key or a PIX copy-and-paste code
     * @description Give `pixKey` and `amount`, or `brCode` (its amount is used; `amount` only for a code without one, or equal to it). Answers the operation, REQUESTED, with the amount plus any PIX_PAYMENT fee held; then PROCESSING with an `endToEndId`, then COMPLETED or FAILED (hold released). Refused with nothing moved: 400 INVALID_DATA, INVALID_BR_CODE; 404 PIX_KEY_NOT_FOUND; 422 INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED, BR_CODE_AMOUNT_MISMATCH. Accepts `Idempotency-Key` (docs/api.md "PIX payments").
     */
    post: operations['createPixPayment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/transfer': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Transfer between two accounts of the customer, in one asset or through a quote
     * @description Moves `amount` of `asset` from `accountId` to `destinationAccountId` (another account of the same customer), or, with `quoteId` (a quote of the source account), debits the quote's source amount and credits its target amount to the destination. Immediate: the operation is COMPLETED in the answer, one ledger journal on both accounts. Refused with nothing moved (and the quote still usable): 422 SAME_ACCOUNT, INSUFFICIENT_BALANCE, BALANCE_LIMIT_EXCEEDED (the destination would pass its maximum), ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED (either account), QUOTE_MISMATCH, QUOTE_EXPIRED, QUOTE_ALREADY_CONSUMED, QUOTE_ACCOUNT_MISMATCH; 404 for an account or quote the customer does not have. Accepts `Idempotency-Key` (docs/api.md "Transfers").
     */
    post: operations['transferOperation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/{operationId}/refunds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Refund a PIX deposit, in full or in part (devolução)
     * @description Answers the refund, a PIX_REFUND operation, REQUESTED with its amount held; it goes PROCESSING (with its devolução id) and COMPLETED, or FAILED with the hold released and the amount refundable again. Without `amount`, refunds everything that remains. Refused with nothing moved: 404 (not your operation), 422 OPERATION_NOT_REFUNDABLE, REFUND_WINDOW_EXPIRED (90 days after the deposit completed), REFUND_AMOUNT_EXCEEDED, INSUFFICIENT_BALANCE, ACCOUNT_NOT_ACTIVE. Accepts `Idempotency-Key` (docs/api.md "PIX refunds").
     */
    post: operations['createOperationRefund'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/{operationId}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel an open LIMIT order
     * @description An open order (ORDER, PROCESSING) becomes FAILED with reason CANCELLED_BY_CUSTOMER and its hold is released. Anything else (another type, an order already filled, expired or cancelled) → 409 INVALID_STATE. No body (docs/api.md "Orders: cancelling").
     */
    post: operations['cancelOperation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List operations */
    get: operations['listOperations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/operations/{operationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an operation, with its state history */
    get: operations['getOperation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/accounts/{accountId}/fundingInstructions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An account's standing funding instructions
     * @description Where the account receives each of its ACTIVE assets: a PIX random key (with a copy-and-paste code without an amount) for BRL, a wallet address for crypto. Fixed per account and asset (docs/api.md "Deposits").
     */
    get: operations['listFundingInstructions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/rates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Current indicative rates
     * @description Every pair with a current rate, filtered by `base` and/or `quote`; a pair without a rate (production: none set yet) is left out. Indicative only: `POST /v1/quotes` fixes a rate for 30 s (docs/api.md "Rates").
     */
    get: operations['listRates'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/quotes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Price a conversion
     * @description Exactly one of `sourceAmount` (what the account pays, fees included) and `targetAmount` (what it receives). The amounts shown are exactly what the ledger will move; rounding favours the house by less than one minor unit. Usable once, by a swap, a withdrawal or a deposit, until `expiresAt` (30 s by default). Accepts `Idempotency-Key` (docs/api.md "Quotes").
     */
    post: operations['createQuote'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/quotes/{quoteId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a quote (whether and by which operation it was used) */
    get: operations['getQuote'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/pix/keys/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Look a PIX key up in the directory
     * @description Answers the key (type read from its shape, value normalised), its holder with name and CPF masked, and its bank. 400 INVALID_DATA for a malformed key, 404 PIX_KEY_NOT_FOUND when no account is registered for it (sandbox: the documented unknown keys, docs/sandbox.md).
     */
    get: operations['getPixKey'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List subscriptions */
    get: operations['listSubscriptions'];
    put?: never;
    /**
     * Create a webhook subscription
     * @description Accepts `Idempotency-Key`. The URL must be public HTTPS (docs/webhooks.md). The answer carries the signing `secret`, which no other representation of the subscription shows (read it again with GET /v1/subscriptions/{id}/secret).
     */
    post: operations['createSubscription'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a subscription's signing secret
     * @description The `whsec_…` secret both signature formats sign with (docs/webhooks.md "Signing secret"); `previousSecretExpiresAt` while a rotation window is open. With `signingKey` `client-secret`, the key derived from the client secret in the same form, and the end of the client rotation's grace window. With `signingKey` `ed25519` no secret exists: 409 `INVALID_STATE` (its public keys are at GET /v1/subscriptions/{id}/keys).
     */
    get: operations['getSubscriptionSecret'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/secret/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate a subscription's signing secret
     * @description Issues a new secret; the current one keeps signing beside it (new signature first) until `previousSecretExpiresAt`: `expireCurrentInSeconds` (0 to 604800), default COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS (one day). Not idempotent: a repeated call rotates again (docs/webhooks.md). A subscription with `signingKey` `client-secret` is a 409 `INVALID_STATE`: its key changes with the client secret. With `signingKey` `ed25519` a new Ed25519 key pair is made instead: the answer has its `publicKey` and `keyId`, never a private key, and both keys sign (two `v1a,` signatures) and are in the JWKS until `previousSecretExpiresAt`.
     */
    post: operations['rotateSubscriptionSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A subscription's public signing keys (JWKS)
     * @description With `signingKey` `ed25519`: the Ed25519 public keys that sign its deliveries (`v1a,`), as a JSON Web Key Set (RFC 7517, RFC 8037), each with its `kid` (RFC 7638 thumbprint). During a rotation window both keys; after it, only the new one. Empty for an HMAC subscription (docs/webhooks.md "Ed25519 signatures").
     */
    get: operations['listSubscriptionKeys'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a subscription */
    get: operations['getSubscription'];
    put?: never;
    post?: never;
    /** Delete a subscription; its pending messages are not delivered */
    delete: operations['deleteSubscription'];
    options?: never;
    head?: never;
    /** Update a subscription (any subset; `resources` replaces; `status` pauses or resumes) */
    patch: operations['updateSubscription'];
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/executionLogs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List delivery attempts of a subscription (newest first) */
    get: operations['listExecutionLogs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/executionLogs/{logId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one delivery attempt, with the exact body sent */
    get: operations['getExecutionLog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/executionLogs/{logId}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Queue the message of this attempt again, byte for byte */
    post: operations['resendExecutionLog'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/recover': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Queue again every message whose last attempt failed since a time (beyond the spec) */
    post: operations['recoverSubscriptionMessages'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a subscription's messages by sequence number (oldest first)
     * @description Every message of the subscription numbered above `afterSequence`, with its id, event type, sequence, time and exact body: a receiver that sees a gap in `X-Message-Sequence` fetches what it missed here. The spec's pagination; a number missing from the list was deleted by retention (docs/webhooks.md "Sequence numbers").
     */
    get: operations['listSubscriptionMessages'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/subscriptions/{subscriptionId}/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A subscription's delivery health
     * @description Pending and failed messages, the last success and the last failure with its error, and the failed attempts since the last success (docs/webhooks.md "Delivery health").
     */
    get: operations['getSubscriptionHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the customer's events, newest first, with their delivery per subscription
     * @description The events feed: what a receiver that was down reads to catch up (docs/webhooks.md "Catching up: the events feed"). Events are kept for the retention window (COFRE_EVENT_RETENTION_DAYS, 30 days by default).
     */
    get: operations['listEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/events/{eventId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get one event, with its delivery per subscription */
    get: operations['getEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/listen': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a listen subscription (for cofre listen)
     * @description A subscription with `transport: "listen"` and no URL: its deliveries are relayed by `cofre listen` through `GET /v1/listen/{subscriptionId}/stream`, never sent by the server. Delete it like any subscription. Accepts `Idempotency-Key`.
     */
    post: operations['listen'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/listen/{subscriptionId}/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Stream a listen subscription's deliveries (Server-Sent Events)
     * @description Events: `ready`, then one `message` per due delivery (`{messageId, attempt, trigger, eventId, eventType, headers, body, sentAt}`); the stream ends after `gone` (the subscription was deleted), `unauthorized` (the token was refused since: the client disabled, its secret rotated, or the token expired; a problem document with the auth code; reconnecting with that token is a 401) or `replaced` (another connection took the subscription over on this server); a comment every 15 s. Every message not yet reported is sent again on the next connection (at least once). At most `COFRE_LISTEN_MAX_STREAMS_PER_CUSTOMER` streams of one customer per API process (429 `TOO_MANY_STREAMS`).
     */
    get: operations['getListenStream'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/listen/{subscriptionId}/results': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report the local answer to a relayed delivery
     * @description Recorded as that attempt's execution-log entry; the message settles (or waits for a retry) as an HTTP attempt would.
     */
    post: operations['createListenResult'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  ACCOUNT_CREATED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * ACCOUNT_CREATED (ACCOUNT)
     * @description An account was opened; its assets are ONBOARDING. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_ACCOUNT_CREATED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ACCOUNT_ASSET_ACTIVATED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * ACCOUNT_ASSET_ACTIVATED (ACCOUNT)
     * @description An asset of an account finished onboarding and is ACTIVE. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_ACCOUNT_ASSET_ACTIVATED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  ACCOUNT_ASSET_FAILED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * ACCOUNT_ASSET_FAILED (ACCOUNT)
     * @description An asset of an account failed onboarding. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_ACCOUNT_ASSET_FAILED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  BENEFICIARY_PAYMENT_INSTRUCTION_CREATED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * BENEFICIARY_PAYMENT_INSTRUCTION_CREATED (BENEFICIARY)
     * @description A payment instruction was added and awaits review. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED (BENEFICIARY)
     * @description A payment instruction passed compliance review. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED (BENEFICIARY)
     * @description A payment instruction was rejected by compliance review. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  OPERATION_REQUESTED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * OPERATION_REQUESTED (OPERATION)
     * @description An operation (deposit, withdrawal, swap, order, PIX payment) was requested. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_OPERATION_REQUESTED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  OPERATION_FUNDING_INSTRUCTION_READY: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * OPERATION_FUNDING_INSTRUCTION_READY (OPERATION)
     * @description A deposit's funding instruction got its BR Code (`data.fundingInstruction.brCode`): production with the PIX rail, where the PSP makes each deposit's charge after the deposit is requested (docs/rails.md "PIX"). Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_OPERATION_FUNDING_INSTRUCTION_READY'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  OPERATION_COMPLETED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * OPERATION_COMPLETED (OPERATION)
     * @description An operation completed. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_OPERATION_COMPLETED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  OPERATION_FAILED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * OPERATION_FAILED (OPERATION)
     * @description An operation failed; `data.reason` says why. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_OPERATION_FAILED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  SUBSCRIPTION_FAILING: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * SUBSCRIPTION_FAILING (SUBSCRIPTION)
     * @description Operational: the share of failed attempts of another subscription crossed the threshold over the alert window; `data` is its public view and `data.alert` the window's figures. At most one per subscription and window, none again until it recovers. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_SUBSCRIPTION_FAILING'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  SUBSCRIPTION_RECOVERED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * SUBSCRIPTION_RECOVERED (SUBSCRIPTION)
     * @description Operational: a subscription reported FAILING fell back under the threshold over a window of at least the minimum number of attempts. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_SUBSCRIPTION_RECOVERED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  SUBSCRIPTION_DISABLED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * SUBSCRIPTION_DISABLED (SUBSCRIPTION)
     * @description Operational: a subscription failing continuously for COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS was DISABLED; its new messages are held until PATCH status ACTIVE releases them in order. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_SUBSCRIPTION_DISABLED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  MESSAGE_EXHAUSTED: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * MESSAGE_EXHAUSTED (MESSAGE)
     * @description Operational: a message of another subscription ran out of retries and is FAILED for good; `data` names it, its event and its last attempt. Sent to every active subscription that selects it. Verify the signature over the raw body before parsing: `webhook-signature` for subscriptions with `signatureFormat` `standard-webhooks` (any Standard Webhooks library), `X-Message-Signature` for `cofre` (docs/webhooks.md); deduplicate on the message id (`webhook-id` / `X-Message-Id`).
     */
    post: operations['webhook_MESSAGE_EXHAUSTED'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    Problem: {
      /** @description URI naming the problem type (urn:cofre:problem:<code>). */
      type: string;
      title: string;
      status: number;
      detail?: string;
      instance?: string;
      /** @description Stable SCREAMING_SNAKE code to switch on. */
      code: string;
      requestId?: string;
      errors?: {
        /** @description JSON Pointer into the request part named by `in`. */
        pointer: string;
        in: 'body' | 'query' | 'path' | 'header';
        code: string;
        detail: string;
      }[];
    } & {
      [key: string]: unknown;
    };
    /**
     * @example {
     *       "id": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
     *       "type": "CHECKING",
     *       "status": "OPENING",
     *       "assets": [
     *         {
     *           "asset": "BRL",
     *           "status": "ONBOARDING"
     *         },
     *         {
     *           "asset": "USDT",
     *           "status": "ONBOARDING"
     *         }
     *       ],
     *       "balances": [
     *         {
     *           "asset": "BRL",
     *           "available": "0.00",
     *           "pending": "0.00",
     *           "total": "0.00"
     *         },
     *         {
     *           "asset": "USDT",
     *           "available": "0.000000",
     *           "pending": "0.000000",
     *           "total": "0.000000"
     *         }
     *       ],
     *       "metadata": {
     *         "customerRef": "C-1042"
     *       },
     *       "createdAt": "2026-11-22T08:56:31.512Z",
     *       "updatedAt": "2026-11-22T08:56:31.512Z"
     *     }
     */
    Account: {
      /** @example acc_01JD0000000000000000000000 */
      id: string;
      /**
       * @description CHECKING or SAVING.
       * @enum {string}
       */
      type: 'CHECKING' | 'SAVING';
      /** @description The label given at opening, if any. */
      name?: string;
      /** @enum {string} */
      status: 'OPENING' | 'ACTIVE' | 'FROZEN' | 'CLOSED';
      assets: {
        /**
         * @description Asset code.
         * @enum {string}
         */
        asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
        /**
         * @description ONBOARDING until the asset is ready, then ACTIVE (or FAILED).
         * @enum {string}
         */
        status: 'ONBOARDING' | 'ACTIVE' | 'FAILED';
      }[];
      /** @description One per asset, as GET /v1/accounts/{id}/balances answers. */
      balances: components['schemas']['Balance'][];
      /**
       * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
       * @example {
       *       "orderId": "6735",
       *       "channel": "web"
       *     }
       */
      metadata: {
        [key: string]: string;
      };
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    Balance: {
      /**
       * @description Asset code.
       * @enum {string}
       */
      asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      /**
       * @description What can be moved now. Decimal string with all the asset's decimals.
       * @example 1250.00
       */
      available: string;
      /**
       * @description Held for operations in flight (e.g. withdrawals not yet settled). Decimal string with all the asset's decimals.
       * @example 100.00
       */
      pending: string;
      /**
       * @description available + pending. Decimal string with all the asset's decimals.
       * @example 1350.00
       */
      total: string;
    };
    /**
     * @example {
     *       "id": "ent_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
     *       "operationId": "op_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
     *       "direction": "DEBIT",
     *       "amount": "100.00",
     *       "asset": "BRL",
     *       "balanceAfter": "1150.00",
     *       "description": "Withdrawal to beneficiary",
     *       "createdAt": "2026-11-22T08:56:31.512Z"
     *     }
     */
    StatementEntry: {
      /** @example ent_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
      id: string;
      /** @description The operation that moved the money, when there is one. */
      operationId: string | null;
      /**
       * @description CREDIT raised the available balance, DEBIT lowered it.
       * @enum {string}
       */
      direction: 'CREDIT' | 'DEBIT';
      /**
       * @description Always positive; direction gives the sign. Decimal string with all the asset's decimals.
       * @example 100.00
       */
      amount: string;
      /**
       * @description Asset code.
       * @enum {string}
       */
      asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      /**
       * @description The available balance of this asset right after this entry. Decimal string with all the asset's decimals.
       * @example 1150.00
       */
      balanceAfter: string;
      description: string;
      /** Format: date-time */
      createdAt: string;
    };
    /**
     * @example {
     *       "from": "2026-10-01T03:00:00.000Z",
     *       "to": "2026-11-01T03:00:00.000Z",
     *       "opening": [
     *         {
     *           "asset": "BRL",
     *           "available": "1250.00",
     *           "pending": "0.00",
     *           "total": "1250.00"
     *         }
     *       ],
     *       "closing": [
     *         {
     *           "asset": "BRL",
     *           "available": "1150.00",
     *           "pending": "100.00",
     *           "total": "1250.00"
     *         }
     *       ]
     *     }
     */
    StatementPeriod: {
      /**
       * Format: date-time
       * @description Start of the period (exclusive), in UTC to the millisecond.
       */
      from: string;
      /**
       * Format: date-time
       * @description End of the period (inclusive), in UTC to the millisecond.
       */
      to: string;
      /** @description The balances at `from` (as GET …/balances?at=from answers them), per asset listed. */
      opening: components['schemas']['Balance'][];
      /** @description The balances at `to`, per asset listed. Per asset, opening `available` plus the period's entries (CREDIT +, DEBIT −, over every page) equals closing `available`. */
      closing: components['schemas']['Balance'][];
    };
    /**
     * @example {
     *       "id": "sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ",
     *       "url": "https://example.com/webhooks/cofre",
     *       "includeAll": false,
     *       "resources": [
     *         {
     *           "name": "ACCOUNT",
     *           "includeAll": true,
     *           "events": [
     *             "ACCOUNT_CREATED",
     *             "ACCOUNT_ASSET_ACTIVATED",
     *             "ACCOUNT_ASSET_FAILED"
     *           ]
     *         }
     *       ],
     *       "allowRetry": true,
     *       "maxConcurrency": 4,
     *       "signatureFormat": "cofre",
     *       "signingKey": "subscription-secret",
     *       "transport": "http",
     *       "status": "ACTIVE",
     *       "metadata": {},
     *       "createdAt": "2026-11-22T08:50:00.000Z",
     *       "updatedAt": "2026-11-22T08:50:00.000Z"
     *     }
     */
    Subscription: {
      id: string;
      /** @description Empty for a listen subscription (transport "listen"). */
      url: string;
      includeAll: boolean;
      resources: {
        /**
         * @description ACCOUNT, BENEFICIARY or OPERATION; or an operational resource, SUBSCRIPTION or MESSAGE (delivery alerts, selected by name only: a top-level includeAll does not include them).
         * @enum {string}
         */
        name: 'ACCOUNT' | 'BENEFICIARY' | 'OPERATION' | 'SUBSCRIPTION' | 'MESSAGE';
        includeAll: boolean;
        events: (
          | 'ACCOUNT_CREATED'
          | 'ACCOUNT_ASSET_ACTIVATED'
          | 'ACCOUNT_ASSET_FAILED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
          | 'OPERATION_REQUESTED'
          | 'OPERATION_FUNDING_INSTRUCTION_READY'
          | 'OPERATION_COMPLETED'
          | 'OPERATION_FAILED'
          | 'SUBSCRIPTION_FAILING'
          | 'SUBSCRIPTION_RECOVERED'
          | 'SUBSCRIPTION_DISABLED'
          | 'MESSAGE_EXHAUSTED'
        )[];
      }[];
      allowRetry: boolean;
      /** @description Attempts of this subscription in flight at once, across all workers. */
      maxConcurrency: number;
      /**
       * @description `cofre` (default): `X-Message-Signature: v1=<hex>` fixed at message creation. `standard-webhooks`: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, signed per attempt, verifiable by the stock Standard Webhooks and Svix libraries (docs/webhooks.md).
       * @enum {string}
       */
      signatureFormat: 'cofre' | 'standard-webhooks';
      /**
       * @description `subscription-secret` (default): the subscription's own `whsec_…` secret signs. `client-secret`: the key derived from the API client's secret signs (HMAC-SHA256(key = clientSecret, "cofre.webhook-signing.v1")), so a receiver holding the client secret verifies without a subscription secret; the client is the one that created the subscription or whose PATCH chose `client-secret`, and a rotation of its secret rotates the key (docs/webhooks.md "Signing with the client secret"). `ed25519`: the subscription's own Ed25519 key pair signs, `webhook-signature: v1a,<base64>` (Standard Webhooks asymmetric signatures, only with `signatureFormat` `standard-webhooks`); the private key never leaves the server, receivers verify with `publicKey` or the JWKS at GET /v1/subscriptions/{id}/keys (docs/webhooks.md "Ed25519 signatures").
       * @enum {string}
       */
      signingKey: 'subscription-secret' | 'client-secret' | 'ed25519';
      /** @description With `signingKey` `client-secret`: the API client whose secret the signing key is derived from. */
      signingClientId?: string;
      /** @description With `signingKey` `ed25519`: the public key that signs now, `whpk_` + standard base64 of its 32 bytes (Standard Webhooks), for receivers configured without a JWKS. */
      publicKey?: string;
      /** @description The key's id (`kid`): its RFC 7638 JWK thumbprint (SHA-256, base64url). */
      keyId?: string;
      /**
       * @description `http`: POSTed to `url` by the server. `listen`: relayed by `cofre listen` (POST /v1/listen); docs/webhooks.md.
       * @enum {string}
       */
      transport: 'http' | 'listen';
      /**
       * @description ACTIVE sends. PAUSED (by its owner) and DISABLED (by the server: failing for longer than the auto-disable period, docs/webhooks.md "Delivery alerts") hold new messages until PATCH status ACTIVE.
       * @enum {string}
       */
      status: 'ACTIVE' | 'PAUSED' | 'DISABLED';
      /** @description Only while DISABLED: when the server disabled it, and why. */
      disabled?: {
        /** Format: date-time */
        at: string;
        reason: string;
      };
      /**
       * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
       * @example {
       *       "orderId": "6735",
       *       "channel": "web"
       *     }
       */
      metadata: {
        [key: string]: string;
      };
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    /** @description The subscription, with its signing secret (shown here once; GET …/secret reads it again); without one when `signingKey` is `ed25519` (verify with `publicKey`). */
    CreatedSubscription: {
      id: string;
      /** @description Empty for a listen subscription (transport "listen"). */
      url: string;
      includeAll: boolean;
      resources: {
        /**
         * @description ACCOUNT, BENEFICIARY or OPERATION; or an operational resource, SUBSCRIPTION or MESSAGE (delivery alerts, selected by name only: a top-level includeAll does not include them).
         * @enum {string}
         */
        name: 'ACCOUNT' | 'BENEFICIARY' | 'OPERATION' | 'SUBSCRIPTION' | 'MESSAGE';
        includeAll: boolean;
        events: (
          | 'ACCOUNT_CREATED'
          | 'ACCOUNT_ASSET_ACTIVATED'
          | 'ACCOUNT_ASSET_FAILED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
          | 'OPERATION_REQUESTED'
          | 'OPERATION_FUNDING_INSTRUCTION_READY'
          | 'OPERATION_COMPLETED'
          | 'OPERATION_FAILED'
          | 'SUBSCRIPTION_FAILING'
          | 'SUBSCRIPTION_RECOVERED'
          | 'SUBSCRIPTION_DISABLED'
          | 'MESSAGE_EXHAUSTED'
        )[];
      }[];
      allowRetry: boolean;
      /** @description Attempts of this subscription in flight at once, across all workers. */
      maxConcurrency: number;
      /**
       * @description `cofre` (default): `X-Message-Signature: v1=<hex>` fixed at message creation. `standard-webhooks`: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, signed per attempt, verifiable by the stock Standard Webhooks and Svix libraries (docs/webhooks.md).
       * @enum {string}
       */
      signatureFormat: 'cofre' | 'standard-webhooks';
      /**
       * @description `subscription-secret` (default): the subscription's own `whsec_…` secret signs. `client-secret`: the key derived from the API client's secret signs (HMAC-SHA256(key = clientSecret, "cofre.webhook-signing.v1")), so a receiver holding the client secret verifies without a subscription secret; the client is the one that created the subscription or whose PATCH chose `client-secret`, and a rotation of its secret rotates the key (docs/webhooks.md "Signing with the client secret"). `ed25519`: the subscription's own Ed25519 key pair signs, `webhook-signature: v1a,<base64>` (Standard Webhooks asymmetric signatures, only with `signatureFormat` `standard-webhooks`); the private key never leaves the server, receivers verify with `publicKey` or the JWKS at GET /v1/subscriptions/{id}/keys (docs/webhooks.md "Ed25519 signatures").
       * @enum {string}
       */
      signingKey: 'subscription-secret' | 'client-secret' | 'ed25519';
      /** @description With `signingKey` `client-secret`: the API client whose secret the signing key is derived from. */
      signingClientId?: string;
      /** @description With `signingKey` `ed25519`: the public key that signs now, `whpk_` + standard base64 of its 32 bytes (Standard Webhooks), for receivers configured without a JWKS. */
      publicKey?: string;
      /** @description The key's id (`kid`): its RFC 7638 JWK thumbprint (SHA-256, base64url). */
      keyId?: string;
      /**
       * @description `http`: POSTed to `url` by the server. `listen`: relayed by `cofre listen` (POST /v1/listen); docs/webhooks.md.
       * @enum {string}
       */
      transport: 'http' | 'listen';
      /**
       * @description ACTIVE sends. PAUSED (by its owner) and DISABLED (by the server: failing for longer than the auto-disable period, docs/webhooks.md "Delivery alerts") hold new messages until PATCH status ACTIVE.
       * @enum {string}
       */
      status: 'ACTIVE' | 'PAUSED' | 'DISABLED';
      /** @description Only while DISABLED: when the server disabled it, and why. */
      disabled?: {
        /** Format: date-time */
        at: string;
        reason: string;
      };
      /**
       * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
       * @example {
       *       "orderId": "6735",
       *       "channel": "web"
       *     }
       */
      metadata: {
        [key: string]: string;
      };
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
      /** @description The signing secret: `whsec_` + standard base64 of 32 random bytes; the HMAC key is the decoded bytes (docs/webhooks.md). With `signingKey` `client-secret`, the key derived from the client secret in the same form. */
      secret?: string;
    };
    /**
     * @example {
     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8bbJw9MJoNw="
     *     }
     */
    SubscriptionSecret: {
      /** @description The signing secret: `whsec_` + standard base64 of 32 random bytes; the HMAC key is the decoded bytes (docs/webhooks.md). With `signingKey` `client-secret`, the key derived from the client secret in the same form. */
      secret: string;
      /**
       * Format: date-time
       * @description Present while the secret replaced by the last rotation still signs alongside, until this time.
       */
      previousSecretExpiresAt?: string;
    };
    /** @description The new `secret`; with `signingKey` `ed25519` instead the new key pair's `publicKey` and `keyId` (its private key is never returned). */
    RotatedSecret: {
      /** @description The signing secret: `whsec_` + standard base64 of 32 random bytes; the HMAC key is the decoded bytes (docs/webhooks.md). With `signingKey` `client-secret`, the key derived from the client secret in the same form. */
      secret?: string;
      /** @description With `signingKey` `ed25519`: the public key that signs now, `whpk_` + standard base64 of its 32 bytes (Standard Webhooks), for receivers configured without a JWKS. */
      publicKey?: string;
      /** @description The key's id (`kid`): its RFC 7638 JWK thumbprint (SHA-256, base64url). */
      keyId?: string;
      /**
       * Format: date-time
       * @description Until then the replaced secret (or, with `signingKey` `ed25519`, key pair) signs too (new signature first).
       */
      previousSecretExpiresAt: string;
    };
    /**
     * @example {
     *       "subscriptionId": "sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ",
     *       "status": "ACTIVE",
     *       "pendingMessages": 3,
     *       "pendingMessagesCapped": false,
     *       "failedMessages": 1,
     *       "consecutiveFailures": 2,
     *       "lastSuccess": {
     *         "at": "2026-11-22T08:50:00.000Z",
     *         "messageId": "msg_01JD6Q4A0000000000000000AA"
     *       },
     *       "lastFailure": {
     *         "at": "2026-11-22T08:52:05.000Z",
     *         "messageId": "msg_01JD6Q4B0000000000000000BB",
     *         "httpStatus": 503,
     *         "error": "The endpoint answered 503."
     *       }
     *     }
     */
    SubscriptionHealth: {
      subscriptionId: string;
      /** @enum {string} */
      status: 'ACTIVE' | 'PAUSED' | 'DISABLED';
      /** @description Messages not delivered yet: queued or being retried, or held while paused. Counted up to 10000. */
      pendingMessages: number;
      /** @description True when more than 10000 messages are pending: pendingMessages is then the cap, a lower bound. */
      pendingMessagesCapped: boolean;
      /** @description Messages that stopped trying (retries exhausted or not allowed) and were not delivered since by a resend or recover. */
      failedMessages: number;
      /** @description Failed attempts (first, retry or resend) since the last successful one. */
      consecutiveFailures: number;
      /** @description The latest 2xx answer; null before the first. */
      lastSuccess: {
        /**
         * Format: date-time
         * @description When the attempt was made.
         */
        at: string;
        /** @description The message (`X-Message-Id`) it tried to deliver. */
        messageId: string;
      } | null;
      /** @description The latest failed attempt; null before the first. */
      lastFailure: {
        /**
         * Format: date-time
         * @description When the attempt was made.
         */
        at: string;
        /** @description The message (`X-Message-Id`) it tried to deliver. */
        messageId: string;
        /** @description 0 when no answer arrived. */
        httpStatus: number;
        /** @description What went wrong, as in the execution log. */
        error: string | null;
      } | null;
    };
    ExecutionLog: {
      id: string;
      subscriptionId: string;
      /** @description X-Message-Id: the same on every attempt of one message. */
      messageId: string;
      /** @description X-Message-Sequence: the message's number among the subscription's messages (1, 2, 3, … with no gap; docs/webhooks.md "Sequence numbers"). */
      messageSequence: number;
      eventId: string;
      /** @enum {string} */
      eventType:
        | 'ACCOUNT_CREATED'
        | 'ACCOUNT_ASSET_ACTIVATED'
        | 'ACCOUNT_ASSET_FAILED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
        | 'OPERATION_REQUESTED'
        | 'OPERATION_FUNDING_INSTRUCTION_READY'
        | 'OPERATION_COMPLETED'
        | 'OPERATION_FAILED'
        | 'SUBSCRIPTION_FAILING'
        | 'SUBSCRIPTION_RECOVERED'
        | 'SUBSCRIPTION_DISABLED'
        | 'MESSAGE_EXHAUSTED';
      url: string;
      /** @description Status the endpoint answered; 0 when no answer arrived. */
      httpStatus: number;
      error: string | null;
      durationMs: number;
      /** @description Automatic attempts made before this one. */
      retryAttempts: number;
      /** @enum {string} */
      trigger: 'AUTOMATIC' | 'RETRY' | 'RESEND';
      /** @enum {string} */
      status: 'SUCCESS' | 'FAILED';
      /** Format: date-time */
      createdAt: string;
      /** @description The exact request body sent (the bytes the signature covers). */
      payload: string;
      requestHeaders: {
        [key: string]: string;
      };
      /** @description First 4 KiB of the answer. */
      responseBody: string | null;
    };
    ExecutionLogSummary: {
      id: string;
      subscriptionId: string;
      /** @description X-Message-Id: the same on every attempt of one message. */
      messageId: string;
      /** @description X-Message-Sequence: the message's number among the subscription's messages (1, 2, 3, … with no gap; docs/webhooks.md "Sequence numbers"). */
      messageSequence: number;
      eventId: string;
      /** @enum {string} */
      eventType:
        | 'ACCOUNT_CREATED'
        | 'ACCOUNT_ASSET_ACTIVATED'
        | 'ACCOUNT_ASSET_FAILED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
        | 'OPERATION_REQUESTED'
        | 'OPERATION_FUNDING_INSTRUCTION_READY'
        | 'OPERATION_COMPLETED'
        | 'OPERATION_FAILED'
        | 'SUBSCRIPTION_FAILING'
        | 'SUBSCRIPTION_RECOVERED'
        | 'SUBSCRIPTION_DISABLED'
        | 'MESSAGE_EXHAUSTED';
      url: string;
      /** @description Status the endpoint answered; 0 when no answer arrived. */
      httpStatus: number;
      error: string | null;
      durationMs: number;
      /** @description Automatic attempts made before this one. */
      retryAttempts: number;
      /** @enum {string} */
      trigger: 'AUTOMATIC' | 'RETRY' | 'RESEND';
      /** @enum {string} */
      status: 'SUCCESS' | 'FAILED';
      /** Format: date-time */
      createdAt: string;
    };
    SubscriptionMessage: {
      /** @description The message id: X-Message-Id, webhook-id. */
      id: string;
      /** @description X-Message-Sequence: the message's number among the subscription's messages, 1, 2, 3, … with no gap. */
      sequence: number;
      eventId: string;
      /** @enum {string} */
      eventType:
        | 'ACCOUNT_CREATED'
        | 'ACCOUNT_ASSET_ACTIVATED'
        | 'ACCOUNT_ASSET_FAILED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
        | 'OPERATION_REQUESTED'
        | 'OPERATION_FUNDING_INSTRUCTION_READY'
        | 'OPERATION_COMPLETED'
        | 'OPERATION_FAILED'
        | 'SUBSCRIPTION_FAILING'
        | 'SUBSCRIPTION_RECOVERED'
        | 'SUBSCRIPTION_DISABLED'
        | 'MESSAGE_EXHAUSTED';
      /**
       * @description ACCOUNT, BENEFICIARY or OPERATION; or an operational resource, SUBSCRIPTION or MESSAGE (delivery alerts, selected by name only: a top-level includeAll does not include them).
       * @enum {string}
       */
      resource: 'ACCOUNT' | 'BENEFICIARY' | 'OPERATION' | 'SUBSCRIPTION' | 'MESSAGE';
      /**
       * @description PENDING (an attempt is due), HELD (the subscription is paused), SUCCEEDED, FAILED (retries exhausted or not allowed), CANCELLED (deleted before delivery).
       * @enum {string}
       */
      status: 'PENDING' | 'HELD' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
      /**
       * Format: date-time
       * @description When the message was created (the event time; X-Message-Timestamp in ms).
       */
      createdAt: string;
      /** @description The exact body every delivery of this message sends (the bytes signed). */
      payload: string;
    };
    FeedEvent: {
      /** @description The event id (`evt_…`), as in the webhook body. */
      id: string;
      /** @enum {string} */
      type:
        | 'ACCOUNT_CREATED'
        | 'ACCOUNT_ASSET_ACTIVATED'
        | 'ACCOUNT_ASSET_FAILED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
        | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
        | 'OPERATION_REQUESTED'
        | 'OPERATION_FUNDING_INSTRUCTION_READY'
        | 'OPERATION_COMPLETED'
        | 'OPERATION_FAILED'
        | 'SUBSCRIPTION_FAILING'
        | 'SUBSCRIPTION_RECOVERED'
        | 'SUBSCRIPTION_DISABLED'
        | 'MESSAGE_EXHAUSTED';
      /** @enum {string} */
      resource: 'ACCOUNT' | 'BENEFICIARY' | 'OPERATION' | 'SUBSCRIPTION' | 'MESSAGE';
      resourceId: string;
      /**
       * Format: date-time
       * @description When the event happened.
       */
      atTime: string;
      /** @description The resource snapshot exactly as every webhook delivery of this event sends it (`data` of the body). */
      data: unknown;
      /** @description One per subscription the event was sent to (none when no subscription selected it), by subscription id. */
      deliveries: {
        subscriptionId: string;
        /** @description X-Message-Id (webhook-id): the same on every attempt of this delivery. */
        messageId: string;
        /**
         * @description PENDING: an attempt is due; HELD: the subscription is paused; SUCCEEDED / FAILED: settled; CANCELLED: the subscription was deleted.
         * @enum {string}
         */
        status: 'PENDING' | 'HELD' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
        /** @description Automatic attempts made so far (resends not counted). */
        attempts: number;
        lastAttemptAt: string | null;
      }[];
    };
    PaymentInstruction:
      | {
          /** @example pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description PENDING_REVIEW until compliance decides: APPROVED or REJECTED (with reason).
           * @enum {string}
           */
          status: 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED';
          reason: {
            code: string;
            message: string;
          } | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          rail: 'PIX';
          /** @enum {string} */
          asset: 'BRL';
          /** @enum {string} */
          keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
          /** @description CPF or CNPJ (check digits verified), e-mail, phone in E.164 (`+55` + area code + number) or EVP (a UUID), as `keyType` says. Shown normalised. */
          key: string;
        }
      | {
          /** @example pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description PENDING_REVIEW until compliance decides: APPROVED or REJECTED (with reason).
           * @enum {string}
           */
          status: 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED';
          reason: {
            code: string;
            message: string;
          } | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          rail: 'BANK_ACCOUNT';
          /** @enum {string} */
          asset: 'BRL';
          /** @description The bank's 8-digit ISPB. */
          ispb: string;
          /** @description Branch (agência), 1-4 digits. */
          branch: string;
          /** @description Account number with its check digit (`12345-6`); shown without the hyphen. */
          accountNumber: string;
          /** @enum {string} */
          accountType: 'CHECKING' | 'SAVINGS';
        }
      | {
          /** @example pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description PENDING_REVIEW until compliance decides: APPROVED or REJECTED (with reason).
           * @enum {string}
           */
          status: 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED';
          reason: {
            code: string;
            message: string;
          } | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          rail: 'CRYPTO_WALLET';
          /** @enum {string} */
          asset: 'USDT' | 'USDC' | 'BTC';
          /**
           * @description USDT: ETHEREUM, TRON, POLYGON; USDC: ETHEREUM, POLYGON; BTC: BITCOIN.
           * @enum {string}
           */
          network: 'ETHEREUM' | 'POLYGON' | 'TRON' | 'BITCOIN';
          /** @description Checked for the network (EIP-55, Base58Check, bech32/bech32m). */
          address: string;
        };
    Beneficiary: {
      /** @example ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
      id: string;
      holder: {
        /** @enum {string} */
        type: 'INDIVIDUAL' | 'COMPANY';
        name: string;
        taxId: string;
      };
      /** @enum {string} */
      relationshipType: 'SELF_OWNED' | 'THIRD_PARTY';
      /** @description Its instructions not removed, oldest first. */
      paymentInstructions: components['schemas']['PaymentInstruction'][];
      /**
       * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
       * @example {
       *       "orderId": "6735",
       *       "channel": "web"
       *     }
       */
      metadata: {
        [key: string]: string;
      };
      /** Format: date-time */
      createdAt: string;
      /** Format: date-time */
      updatedAt: string;
    };
    Operation:
      | {
          /** @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).
           * @enum {string}
           */
          status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @description Decimal string, as requested. */
          amount: string;
          /** @description What cofre charges for this, one line per component; [] when free. */
          fees: {
            /**
             * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
             * @enum {string}
             */
            type: 'PERCENTAGE' | 'ABSOLUTE';
            /** @description Decimal string in `asset`, as posted to the ledger. */
            amount: string;
            /** @enum {string} */
            asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          }[];
          reason: {
            code: string;
            message: string;
          } | null;
          /** @description Every state reached, oldest first. */
          states: {
            /** @enum {string} */
            status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
            reason: {
              code: string;
              message: string;
            } | null;
            /** Format: date-time */
            at: string;
          }[];
          /**
           * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
           * @example {
           *       "orderId": "6735",
           *       "channel": "web"
           *     }
           */
          metadata: {
            [key: string]: string;
          };
          /** @description The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given. */
          externalReference: string | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          type: 'DEPOSIT';
          fundingInstruction:
            | {
                /** @enum {string} */
                rail: 'PIX';
                /**
                 * @description The receiving key's DICT type: EVP for an account's own key; the house key's type under the PIX rail.
                 * @enum {string}
                 */
                keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
                key: string;
                /** @description PIX copy-and-paste (EMV BR Code) for this amount. null while the PSP makes the deposit's charge (production with the PIX rail, docs/rails.md "PIX"): the event OPERATION_FUNDING_INSTRUCTION_READY says when it is set, usually within a second. */
                brCode: string | null;
                /** Format: date-time */
                expiresAt: string;
              }
            | {
                /** @enum {string} */
                rail: 'CRYPTO';
                network: string;
                address: string;
                /** Format: date-time */
                expiresAt: string;
              };
          /** @description What arrived through the rail (in `asset`), once COMPLETED. */
          receivedAmount: string | null;
          /** @description The quote this operation consumed; null when no conversion. */
          quoteId: string | null;
          /** @description The quote's conversion, locked when requested: a withdrawal's source is what the account pays (its target is `asset`/`amount`), a deposit's target is what the account is credited (its source is `asset`/`amount`). Null without a quote. */
          conversion: {
            /**
             * @description Asset code.
             * @enum {string}
             */
            sourceAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            /** @description Paid in the source asset, conversion fees included. */
            sourceAmount: string;
            /**
             * @description Asset code.
             * @enum {string}
             */
            targetAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            /** @description Received in the target asset. */
            targetAmount: string;
            effectiveRate: {
              /** @description `quote` per 1 `base`, as quoted. */
              value: string;
              /**
               * @description Asset code.
               * @enum {string}
               */
              base: 'BRL' | 'USDT' | 'USDC' | 'BTC';
              /**
               * @description Asset code.
               * @enum {string}
               */
              quote: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            };
          } | null;
          /** @description What PIX refunds returned or are returning (in `asset`): refunds COMPLETED or in flight; a FAILED one gives its amount back (docs/api.md "PIX refunds"). */
          refundedAmount: string;
          /** @description The REVERSAL operation that compensated this one; null unless reversed. */
          reversedBy: string | null;
          /** @description Where the money was seen on chain, for a deposit settled by a chain rail (docs/rails.md); null otherwise, and while a transfer whose block was replaced waits to be seen again. */
          onChain: {
            /** @example ETHEREUM */
            network: string;
            transactionHash: string;
            logIndex: number;
            blockNumber: number;
            /** @description head − blockNumber + 1 when the rail last looked; counted until final. */
            confirmations: number;
          } | null;
          /** @description The end-to-end id of the Pix that paid it, for a deposit settled by the PIX rail (docs/rails.md "PIX"); null otherwise. */
          endToEndId: string | null;
        }
      | {
          /** @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).
           * @enum {string}
           */
          status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @description Decimal string, as requested. */
          amount: string;
          /** @description What cofre charges for this, one line per component; [] when free. */
          fees: {
            /**
             * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
             * @enum {string}
             */
            type: 'PERCENTAGE' | 'ABSOLUTE';
            /** @description Decimal string in `asset`, as posted to the ledger. */
            amount: string;
            /** @enum {string} */
            asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          }[];
          reason: {
            code: string;
            message: string;
          } | null;
          /** @description Every state reached, oldest first. */
          states: {
            /** @enum {string} */
            status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
            reason: {
              code: string;
              message: string;
            } | null;
            /** Format: date-time */
            at: string;
          }[];
          /**
           * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
           * @example {
           *       "orderId": "6735",
           *       "channel": "web"
           *     }
           */
          metadata: {
            [key: string]: string;
          };
          /** @description The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given. */
          externalReference: string | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          type: 'WITHDRAWAL';
          beneficiary: {
            id: string;
            paymentInstructionId: string;
            holder: {
              type: string;
              name: string;
              taxId: string;
            };
            /** @description The instruction as it was when the withdrawal was requested. */
            paymentInstruction: {
              rail: string;
              asset: string;
            } & {
              [key: string]: string;
            };
          };
          description: string | null;
          /** @description PIX end-to-end id (32 characters), from PROCESSING on; null for crypto. */
          endToEndId: string | null;
          /** @description The quote this operation consumed; null when no conversion. */
          quoteId: string | null;
          /** @description The quote's conversion, locked when requested: a withdrawal's source is what the account pays (its target is `asset`/`amount`), a deposit's target is what the account is credited (its source is `asset`/`amount`). Null without a quote. */
          conversion: {
            /**
             * @description Asset code.
             * @enum {string}
             */
            sourceAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            /** @description Paid in the source asset, conversion fees included. */
            sourceAmount: string;
            /**
             * @description Asset code.
             * @enum {string}
             */
            targetAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            /** @description Received in the target asset. */
            targetAmount: string;
            effectiveRate: {
              /** @description `quote` per 1 `base`, as quoted. */
              value: string;
              /**
               * @description Asset code.
               * @enum {string}
               */
              base: 'BRL' | 'USDT' | 'USDC' | 'BTC';
              /**
               * @description Asset code.
               * @enum {string}
               */
              quote: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            };
          } | null;
          /** @description The REVERSAL operation that compensated this one; null unless reversed. */
          reversedBy: string | null;
          /** @description The payout on chain, for a withdrawal paid by a chain rail (docs/rails.md): the transaction mined last seen, with its confirmations; null otherwise and until it is mined. */
          onChain: {
            /** @example ETHEREUM */
            network: string;
            transactionHash: string;
            logIndex: number;
            blockNumber: number;
            /** @description head − blockNumber + 1 when the rail last looked; counted until final. */
            confirmations: number;
          } | null;
        }
      | {
          /** @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).
           * @enum {string}
           */
          status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @description Decimal string, as requested. */
          amount: string;
          /** @description What cofre charges for this, one line per component; [] when free. */
          fees: {
            /**
             * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
             * @enum {string}
             */
            type: 'PERCENTAGE' | 'ABSOLUTE';
            /** @description Decimal string in `asset`, as posted to the ledger. */
            amount: string;
            /** @enum {string} */
            asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          }[];
          reason: {
            code: string;
            message: string;
          } | null;
          /** @description Every state reached, oldest first. */
          states: {
            /** @enum {string} */
            status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
            reason: {
              code: string;
              message: string;
            } | null;
            /** Format: date-time */
            at: string;
          }[];
          /**
           * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
           * @example {
           *       "orderId": "6735",
           *       "channel": "web"
           *     }
           */
          metadata: {
            [key: string]: string;
          };
          /** @description The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given. */
          externalReference: string | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          type: 'SWAP';
          /** @description The quote this swap consumed; its terms are the swap’s. */
          quoteId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          sourceAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description Asset code.
           * @enum {string}
           */
          targetAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description What the account pays, fees included (= `amount`); held from creation.
           * @example 1000.00
           */
          sourceAmount: string;
          /**
           * @description What the account receives when the swap COMPLETES.
           * @example 184.112417
           */
          targetAmount: string;
          /** @description The rate the converted part (sourceAmount − fees) was priced at. */
          effectiveRate: {
            /** @description `quote` per 1 `base`, the quote’s rate. */
            value: string;
            /**
             * @description Asset code.
             * @enum {string}
             */
            base: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            /**
             * @description Asset code.
             * @enum {string}
             */
            quote: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          };
          description: string | null;
        }
      | {
          /** @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).
           * @enum {string}
           */
          status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @description Decimal string, as requested. */
          amount: string;
          /** @description What cofre charges for this, one line per component; [] when free. */
          fees: {
            /**
             * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
             * @enum {string}
             */
            type: 'PERCENTAGE' | 'ABSOLUTE';
            /** @description Decimal string in `asset`, as posted to the ledger. */
            amount: string;
            /** @enum {string} */
            asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          }[];
          reason: {
            code: string;
            message: string;
          } | null;
          /** @description Every state reached, oldest first. */
          states: {
            /** @enum {string} */
            status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
            reason: {
              code: string;
              message: string;
            } | null;
            /** Format: date-time */
            at: string;
          }[];
          /**
           * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
           * @example {
           *       "orderId": "6735",
           *       "channel": "web"
           *     }
           */
          metadata: {
            [key: string]: string;
          };
          /** @description The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given. */
          externalReference: string | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          type: 'ORDER';
          /**
           * @description BUY or SELL the base asset.
           * @enum {string}
           */
          side: 'BUY' | 'SELL';
          /**
           * @description MARKET fills at once; LIMIT stays PROCESSING until its limitPrice is reached.
           * @enum {string}
           */
          orderType: 'MARKET' | 'LIMIT';
          /**
           * @description Asset code.
           * @enum {string}
           */
          baseAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description Asset code.
           * @enum {string}
           */
          quoteAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          limitPrice: string | null;
          expiresAt: string | null;
          executedPrice: string | null;
          /** @description Quote-asset value of `amount` at the fill price (an open LIMIT: at its limitPrice, what its hold covers). */
          notional: string;
          description: string | null;
        }
      | {
          /** @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).
           * @enum {string}
           */
          status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @description Decimal string, as requested. */
          amount: string;
          /** @description What cofre charges for this, one line per component; [] when free. */
          fees: {
            /**
             * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
             * @enum {string}
             */
            type: 'PERCENTAGE' | 'ABSOLUTE';
            /** @description Decimal string in `asset`, as posted to the ledger. */
            amount: string;
            /** @enum {string} */
            asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          }[];
          reason: {
            code: string;
            message: string;
          } | null;
          /** @description Every state reached, oldest first. */
          states: {
            /** @enum {string} */
            status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
            reason: {
              code: string;
              message: string;
            } | null;
            /** Format: date-time */
            at: string;
          }[];
          /**
           * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
           * @example {
           *       "orderId": "6735",
           *       "channel": "web"
           *     }
           */
          metadata: {
            [key: string]: string;
          };
          /** @description The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given. */
          externalReference: string | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          type: 'PIX_PAYMENT';
          pixKey: {
            /** @enum {string} */
            keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
            key: string;
          };
          recipient: {
            /** @enum {string} */
            keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
            /** @description The key, normalised. */
            key: string;
            holder: {
              /** @enum {string} */
              type: 'INDIVIDUAL' | 'COMPANY';
              /**
               * @description Masked: "Mar** Sil**".
               * @example Mar** Sil**
               */
              name: string;
              /**
               * @description A CPF masked ("***.456.789-**"); a CNPJ whole ("12.345.678/0001-95").
               * @example ***.456.789-**
               */
              taxId: string;
            };
            /** @description The receiver's PIX participant, when the directory knows it. */
            bank: {
              /** @example 18236120 */
              ispb: string;
              /** @example Nu Pagamentos S.A. */
              name: string;
            } | null;
          };
          /** @description The copy-and-paste code paid, or null for a payment to a key. */
          brCode: string | null;
          /** @description The code's transaction id (tag 62, sub-tag 05), or null. */
          txid: string | null;
          description: string | null;
          /** @description PIX end-to-end id (32 characters), from PROCESSING on. */
          endToEndId: string | null;
        }
      | {
          /** @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).
           * @enum {string}
           */
          status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @description Decimal string, as requested. */
          amount: string;
          /** @description What cofre charges for this, one line per component; [] when free. */
          fees: {
            /**
             * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
             * @enum {string}
             */
            type: 'PERCENTAGE' | 'ABSOLUTE';
            /** @description Decimal string in `asset`, as posted to the ledger. */
            amount: string;
            /** @enum {string} */
            asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          }[];
          reason: {
            code: string;
            message: string;
          } | null;
          /** @description Every state reached, oldest first. */
          states: {
            /** @enum {string} */
            status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
            reason: {
              code: string;
              message: string;
            } | null;
            /** Format: date-time */
            at: string;
          }[];
          /**
           * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
           * @example {
           *       "orderId": "6735",
           *       "channel": "web"
           *     }
           */
          metadata: {
            [key: string]: string;
          };
          /** @description The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given. */
          externalReference: string | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          type: 'TRANSFER';
          /** @description The account credited, another of the same customer; `accountId` is the account debited. */
          destinationAccountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          destinationAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description What the destination account is credited: `amount` for a same-asset transfer, the quote’s `targetAmount` with a quote.
           * @example 1250.00
           */
          destinationAmount: string;
          /** @description The quote this transfer consumed (a cross-asset transfer); null without. */
          quoteId: string | null;
          /** @description The quote's conversion, exactly as quoted; null for a same-asset transfer. */
          conversion: {
            /**
             * @description Asset code.
             * @enum {string}
             */
            sourceAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            /** @description Debited from the source account, conversion fees included (= `amount`). */
            sourceAmount: string;
            /**
             * @description Asset code.
             * @enum {string}
             */
            targetAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            /** @description Credited to the destination account. */
            targetAmount: string;
            effectiveRate: {
              /** @description `quote` per 1 `base`, as quoted. */
              value: string;
              /**
               * @description Asset code.
               * @enum {string}
               */
              base: 'BRL' | 'USDT' | 'USDC' | 'BTC';
              /**
               * @description Asset code.
               * @enum {string}
               */
              quote: 'BRL' | 'USDT' | 'USDC' | 'BTC';
            };
          } | null;
          description: string | null;
        }
      | {
          /** @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).
           * @enum {string}
           */
          status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @description Decimal string, as requested. */
          amount: string;
          /** @description What cofre charges for this, one line per component; [] when free. */
          fees: {
            /**
             * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
             * @enum {string}
             */
            type: 'PERCENTAGE' | 'ABSOLUTE';
            /** @description Decimal string in `asset`, as posted to the ledger. */
            amount: string;
            /** @enum {string} */
            asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          }[];
          reason: {
            code: string;
            message: string;
          } | null;
          /** @description Every state reached, oldest first. */
          states: {
            /** @enum {string} */
            status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
            reason: {
              code: string;
              message: string;
            } | null;
            /** Format: date-time */
            at: string;
          }[];
          /**
           * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
           * @example {
           *       "orderId": "6735",
           *       "channel": "web"
           *     }
           */
          metadata: {
            [key: string]: string;
          };
          /** @description The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given. */
          externalReference: string | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          type: 'PIX_REFUND';
          /**
           * @description The PIX deposit this refund returns money of.
           * @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR
           */
          originalOperationId: string;
          /** @description The `reason` given when it was requested. */
          refundReason: string;
          /** @description The devolução id (32 characters, starting with `D`), from PROCESSING on; null before. */
          endToEndId: string | null;
        }
      | {
          /** @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          id: string;
          /**
           * @description REQUESTED → PROCESSING → COMPLETED | FAILED (REQUESTED → FAILED too).
           * @enum {string}
           */
          status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @description Decimal string, as requested. */
          amount: string;
          /** @description What cofre charges for this, one line per component; [] when free. */
          fees: {
            /**
             * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
             * @enum {string}
             */
            type: 'PERCENTAGE' | 'ABSOLUTE';
            /** @description Decimal string in `asset`, as posted to the ledger. */
            amount: string;
            /** @enum {string} */
            asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          }[];
          reason: {
            code: string;
            message: string;
          } | null;
          /** @description Every state reached, oldest first. */
          states: {
            /** @enum {string} */
            status: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
            reason: {
              code: string;
              message: string;
            } | null;
            /** Format: date-time */
            at: string;
          }[];
          /**
           * @description Your own key/value pairs, `{}` when none (docs/api.md "Metadata").
           * @example {
           *       "orderId": "6735",
           *       "channel": "web"
           *     }
           */
          metadata: {
            [key: string]: string;
          };
          /** @description The reference given on the creating request, unique per customer (docs/api.md "External references"); null when none was given. */
          externalReference: string | null;
          /** Format: date-time */
          createdAt: string;
          /** Format: date-time */
          updatedAt: string;
          /** @enum {string} */
          type: 'REVERSAL';
          /**
           * @description The COMPLETED deposit or withdrawal this operation compensates.
           * @example op_01JD6Q3W8ZK2C1V7R4X9B5N0AR
           */
          originalOperationId: string;
          /**
           * @description A DEPOSIT's reversal debits the account `amount`; a WITHDRAWAL's credits it back.
           * @enum {string}
           */
          originalType: 'DEPOSIT' | 'WITHDRAWAL';
          /** @description Why the back-office reversed it, as the operator gave it. */
          reversalReason: {
            code: string;
            message: string;
          };
        };
    Quote: {
      /** @example quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
      id: string;
      accountId: string;
      /**
       * @description Asset code.
       * @enum {string}
       */
      sourceAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      /**
       * @description Asset code.
       * @enum {string}
       */
      targetAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      /** @description Decimal string the account pays, fees included: exactly what the ledger debits. */
      sourceAmount: string;
      /** @description Decimal string the account receives: exactly what the ledger credits. */
      targetAmount: string;
      effectiveRate: {
        /** @description The rate applied: `quote` per 1 `base`. targetAmount = ⌊(sourceAmount − fees) × value⌋ in target minor units (from a sourceAmount), or sourceAmount is the least that reaches targetAmount (from a targetAmount). */
        value: string;
        /**
         * @description Asset code.
         * @enum {string}
         */
        base: 'BRL' | 'USDT' | 'USDC' | 'BTC';
        /**
         * @description Asset code.
         * @enum {string}
         */
        quote: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      };
      /** @description What cofre charges for this, one line per component; [] when free. */
      fees: {
        /**
         * @description PERCENTAGE (a share of the amount) or ABSOLUTE (a fixed amount).
         * @enum {string}
         */
        type: 'PERCENTAGE' | 'ABSOLUTE';
        /** @description Decimal string in `asset`, as posted to the ledger. */
        amount: string;
        /** @enum {string} */
        asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      }[];
      /** Format: date-time */
      expiresAt: string;
      /** @description When an operation used the quote; null while unused. */
      consumedAt: string | null;
      /** @description The operation that used the quote. */
      operationId: string | null;
      /** Format: date-time */
      createdAt: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: {
    /** @description The client's quota policy, e.g. `"default";q=6000;w=60`: `q` requests per window of `w` seconds (draft-ietf-httpapi-ratelimit-headers-11, section 3). Present on every answer of a request that got past authentication while a limit applies to its client (docs/api.md "Rate limits"). */
    'RateLimit-Policy': string;
    /** @description What is left of the quota, e.g. `"default";r=5987;t=42`: `r` requests left in this window, `t` seconds until it ends; a 429 says `r=0` and its Retry-After equals `t` (draft section 4). Present on every answer of a request that got past authentication while a limit applies to its client (docs/api.md "Rate limits"). */
    RateLimit: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  createAccessToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          clientId: string;
          clientSecret: string;
          /** @enum {string} */
          grantType?: 'client_credentials';
          /** @description Space-separated scopes this token should hold (e.g. `operations:read accounts:read`), within what the client holds; absent: all of them. */
          scope?: string;
        };
        'application/x-www-form-urlencoded': {
          grant_type: string;
          client_id?: string;
          client_secret?: string;
          scope?: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json':
            | {
                accessToken: string;
                /** @enum {string} */
                tokenType: 'Bearer';
                /** @example 82800 */
                expiresIn: number;
                /**
                 * @description The scopes the token holds, space-separated.
                 * @example accounts:read accounts:write operations:read
                 */
                scope: string;
              }
            | {
                access_token: string;
                /** @enum {string} */
                token_type: 'Bearer';
                expires_in: number;
                scope: string;
              };
        };
      };
      /** @description OAuth 2.0 error (RFC 6749 section 5.2) with the problem members */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error:
              | 'invalid_request'
              | 'invalid_client'
              | 'unsupported_grant_type'
              | 'invalid_scope'
              | 'temporarily_unavailable'
              | 'server_error';
            /** @description Printable ASCII without `"` or `\` (RFC 6749 section 5.2). */
            error_description: string;
            /** @description urn:cofre:problem:<code>, as in every problem document. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Stable SCREAMING_SNAKE code to switch on. */
            code: string;
            requestId: string;
            errors?: {
              pointer: string;
              in: 'body' | 'query' | 'path' | 'header';
              code: string;
              detail: string;
            }[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description OAuth 2.0 error (RFC 6749 section 5.2) with the problem members */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error:
              | 'invalid_request'
              | 'invalid_client'
              | 'unsupported_grant_type'
              | 'invalid_scope'
              | 'temporarily_unavailable'
              | 'server_error';
            /** @description Printable ASCII without `"` or `\` (RFC 6749 section 5.2). */
            error_description: string;
            /** @description urn:cofre:problem:<code>, as in every problem document. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Stable SCREAMING_SNAKE code to switch on. */
            code: string;
            requestId: string;
            errors?: {
              pointer: string;
              in: 'body' | 'query' | 'path' | 'header';
              code: string;
              detail: string;
            }[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description OAuth 2.0 error (RFC 6749 section 5.2) with the problem members */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error:
              | 'invalid_request'
              | 'invalid_client'
              | 'unsupported_grant_type'
              | 'invalid_scope'
              | 'temporarily_unavailable'
              | 'server_error';
            /** @description Printable ASCII without `"` or `\` (RFC 6749 section 5.2). */
            error_description: string;
            /** @description urn:cofre:problem:<code>, as in every problem document. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Stable SCREAMING_SNAKE code to switch on. */
            code: string;
            requestId: string;
            errors?: {
              pointer: string;
              in: 'body' | 'query' | 'path' | 'header';
              code: string;
              detail: string;
            }[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description OAuth 2.0 error (RFC 6749 section 5.2) with the problem members */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error:
              | 'invalid_request'
              | 'invalid_client'
              | 'unsupported_grant_type'
              | 'invalid_scope'
              | 'temporarily_unavailable'
              | 'server_error';
            /** @description Printable ASCII without `"` or `\` (RFC 6749 section 5.2). */
            error_description: string;
            /** @description urn:cofre:problem:<code>, as in every problem document. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Stable SCREAMING_SNAKE code to switch on. */
            code: string;
            requestId: string;
            errors?: {
              pointer: string;
              in: 'body' | 'query' | 'path' | 'header';
              code: string;
              detail: string;
            }[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description OAuth 2.0 error (RFC 6749 section 5.2) with the problem members */
      429: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error:
              | 'invalid_request'
              | 'invalid_client'
              | 'unsupported_grant_type'
              | 'invalid_scope'
              | 'temporarily_unavailable'
              | 'server_error';
            /** @description Printable ASCII without `"` or `\` (RFC 6749 section 5.2). */
            error_description: string;
            /** @description urn:cofre:problem:<code>, as in every problem document. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Stable SCREAMING_SNAKE code to switch on. */
            code: string;
            requestId: string;
            errors?: {
              pointer: string;
              in: 'body' | 'query' | 'path' | 'header';
              code: string;
              detail: string;
            }[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description OAuth 2.0 error (RFC 6749 section 5.2) with the problem members */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error:
              | 'invalid_request'
              | 'invalid_client'
              | 'unsupported_grant_type'
              | 'invalid_scope'
              | 'temporarily_unavailable'
              | 'server_error';
            /** @description Printable ASCII without `"` or `\` (RFC 6749 section 5.2). */
            error_description: string;
            /** @description urn:cofre:problem:<code>, as in every problem document. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Stable SCREAMING_SNAKE code to switch on. */
            code: string;
            requestId: string;
            errors?: {
              pointer: string;
              in: 'body' | 'query' | 'path' | 'header';
              code: string;
              detail: string;
            }[];
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description OAuth 2.0 error (RFC 6749 section 5.2) with the problem members */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error:
              | 'invalid_request'
              | 'invalid_client'
              | 'unsupported_grant_type'
              | 'invalid_scope'
              | 'temporarily_unavailable'
              | 'server_error';
            /** @description Printable ASCII without `"` or `\` (RFC 6749 section 5.2). */
            error_description: string;
            /** @description urn:cofre:problem:<code>, as in every problem document. */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description Stable SCREAMING_SNAKE code to switch on. */
            code: string;
            requestId: string;
            errors?: {
              pointer: string;
              in: 'body' | 'query' | 'path' | 'header';
              code: string;
              detail: string;
            }[];
          } & {
            [key: string]: unknown;
          };
        };
      };
    };
  };
  getJwks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            keys: {
              [key: string]: unknown;
            }[];
          };
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getAuthorizationServerMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Equals the `iss` of every access token. */
            issuer: string;
            /** Format: uri */
            token_endpoint: string;
            /** Format: uri */
            jwks_uri: string;
            grant_types_supported: string[];
            token_endpoint_auth_methods_supported: string[];
            response_types_supported: string[];
            scopes_supported: string[];
            /** Format: uri */
            service_documentation: string;
          } & {
            [key: string]: unknown;
          };
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listEventTypes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            resources: {
              /**
               * @description ACCOUNT, BENEFICIARY or OPERATION; or an operational resource, SUBSCRIPTION or MESSAGE (delivery alerts, selected by name only: a top-level includeAll does not include them).
               * @enum {string}
               */
              name: 'ACCOUNT' | 'BENEFICIARY' | 'OPERATION' | 'SUBSCRIPTION' | 'MESSAGE';
              /** @description True for SUBSCRIPTION and MESSAGE (delivery alerts): selected by name only, never by a top-level includeAll. */
              operational: boolean;
              events: {
                /** @enum {string} */
                type:
                  | 'ACCOUNT_CREATED'
                  | 'ACCOUNT_ASSET_ACTIVATED'
                  | 'ACCOUNT_ASSET_FAILED'
                  | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
                  | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
                  | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
                  | 'OPERATION_REQUESTED'
                  | 'OPERATION_FUNDING_INSTRUCTION_READY'
                  | 'OPERATION_COMPLETED'
                  | 'OPERATION_FAILED'
                  | 'SUBSCRIPTION_FAILING'
                  | 'SUBSCRIPTION_RECOVERED'
                  | 'SUBSCRIPTION_DISABLED'
                  | 'MESSAGE_EXHAUSTED';
                description: string;
              }[];
            }[];
          };
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listAccounts: {
    parameters: {
      query?: {
        /** @description Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null. */
        limit?: number;
        /** @description meta.nextCursor or meta.previousCursor of an earlier page. */
        cursor?: string;
        /** @description NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from. */
        direction?: 'NEXT' | 'PREVIOUS';
        /** @description Order by creation time (then id). */
        sortOrder?: 'ASCENDING' | 'DESCENDING';
        /** @description CHECKING or SAVING. */
        type?: 'CHECKING' | 'SAVING';
        status?: 'OPENING' | 'ACTIVE' | 'FROZEN' | 'CLOSED';
        /** @description Only items whose metadata has each of these pairs: `metadata[key]=value`, at most 10 pairs, ANDed. A filtered page may hold fewer items than `limit`, even none, and still have a cursor onward (`meta.nextCursor`, or `meta.previousCursor` going back): follow it to the end (docs/api.md "Metadata"). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Account'][];
            meta: {
              previousCursor: string | null;
              nextCursor: string | null;
              /** @description Number of items in this page (not of the whole list). */
              total: number;
            };
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "type": "CHECKING",
         *       "assets": [
         *         "BRL",
         *         "USDT"
         *       ]
         *     }
         */
        'application/json': {
          /**
           * @description CHECKING or SAVING.
           * @enum {string}
           */
          type: 'CHECKING' | 'SAVING';
          /** @description A label of your choice. In the sandbox, `FAIL_ONBOARDING` in it makes assets fail onboarding (docs/sandbox.md). */
          name?: string;
          /** @description Defaults to ["BRL"]. */
          assets?: ('BRL' | 'USDT' | 'USDC' | 'BTC')[];
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Account'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getAccount: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Account'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  updateAccount: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        accountId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "metadata": {
         *         "customerRef": "C-1042",
         *         "legacyId": ""
         *       }
         *     }
         */
        'application/json': {
          /** @description Merged into the current metadata ("" removes a key); null removes every key. */
          metadata: {
            [key: string]: string;
          } | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Account'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listAccountBalances: {
    parameters: {
      query?: {
        /**
         * @description The balances as they stood at this instant (RFC 3339 with a time zone, not in the future): every entry booked at or before it counts. Without it, the balances now.
         * @example 2026-11-22T08:56:31.512Z
         */
        at?: string;
      };
      header?: never;
      path: {
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "asset": "BRL",
           *           "available": "1250.00",
           *           "pending": "100.00",
           *           "total": "1350.00"
           *         },
           *         {
           *           "asset": "USDT",
           *           "available": "0.000000",
           *           "pending": "0.000000",
           *           "total": "0.000000"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /**
             * Format: date-time
             * @description Only with the `at` parameter: the instant the balances are for, in UTC to the millisecond.
             */
            at?: string;
            data: components['schemas']['Balance'][];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getAccountStatement: {
    parameters: {
      query?: {
        /** @description Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null. */
        limit?: number;
        /** @description meta.nextCursor or meta.previousCursor of an earlier page. */
        cursor?: string;
        /** @description NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from. */
        direction?: 'NEXT' | 'PREVIOUS';
        /** @description Order by creation time (then id). */
        sortOrder?: 'ASCENDING' | 'DESCENDING';
        /** @description Asset code. */
        asset?: 'BRL' | 'USDT' | 'USDC' | 'BTC';
        /**
         * @description Start of the period (exclusive: an entry booked at this instant is in the opening balance). RFC 3339 with a time zone. Default with `to`: when the account was opened.
         * @example 2026-10-01T00:00:00-03:00
         */
        from?: string;
        /**
         * @description End of the period (inclusive), not in the future. RFC 3339 with a time zone. Default with `from`: the time of the request.
         * @example 2026-11-01T00:00:00-03:00
         */
        to?: string;
      };
      header?: never;
      path: {
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['StatementEntry'][];
            meta: {
              previousCursor: string | null;
              nextCursor: string | null;
              /** @description Number of items in this page (not of the whole list). */
              total: number;
            };
            period?: components['schemas']['StatementPeriod'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listBeneficiaries: {
    parameters: {
      query?: {
        /** @description Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null. */
        limit?: number;
        /** @description meta.nextCursor or meta.previousCursor of an earlier page. */
        cursor?: string;
        /** @description NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from. */
        direction?: 'NEXT' | 'PREVIOUS';
        /** @description Order by creation time (then id). */
        sortOrder?: 'ASCENDING' | 'DESCENDING';
        /** @description Only the holder with this CPF/CNPJ (punctuation ignored). */
        taxId?: string;
        /** @description Only items whose metadata has each of these pairs: `metadata[key]=value`, at most 10 pairs, ANDed. A filtered page may hold fewer items than `limit`, even none, and still have a cursor onward (`meta.nextCursor`, or `meta.previousCursor` going back): follow it to the end (docs/api.md "Metadata"). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Beneficiary'][];
            meta: {
              previousCursor: string | null;
              nextCursor: string | null;
              /** @description Number of items in this page (not of the whole list). */
              total: number;
            };
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createBeneficiary: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "holder": {
         *         "type": "INDIVIDUAL",
         *         "name": "Maria Silva",
         *         "taxId": "529.982.247-25"
         *       },
         *       "relationshipType": "THIRD_PARTY",
         *       "paymentInstruction": {
         *         "rail": "PIX",
         *         "asset": "BRL",
         *         "keyType": "EMAIL",
         *         "key": "finance@example.com"
         *       }
         *     }
         */
        'application/json': {
          holder: {
            /**
             * @description INDIVIDUAL (CPF) or COMPANY (CNPJ).
             * @enum {string}
             */
            type: 'INDIVIDUAL' | 'COMPANY';
            name: string;
            /** @description CPF for an INDIVIDUAL, CNPJ for a COMPANY, check digits verified; digits alone or punctuated (`123.456.789-09`, `12.345.678/0001-95`). Shown normalised (no punctuation). */
            taxId: string;
          };
          /** @enum {string} */
          relationshipType: 'SELF_OWNED' | 'THIRD_PARTY';
          paymentInstruction:
            | {
                /** @enum {string} */
                rail: 'PIX';
                /** @enum {string} */
                asset: 'BRL';
                /** @enum {string} */
                keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
                /** @description CPF or CNPJ (check digits verified), e-mail, phone in E.164 (`+55` + area code + number) or EVP (a UUID), as `keyType` says. Shown normalised. */
                key: string;
              }
            | {
                /** @enum {string} */
                rail: 'BANK_ACCOUNT';
                /** @enum {string} */
                asset: 'BRL';
                /** @description The bank's 8-digit ISPB. */
                ispb: string;
                /** @description Branch (agência), 1-4 digits. */
                branch: string;
                /** @description Account number with its check digit (`12345-6`); shown without the hyphen. */
                accountNumber: string;
                /** @enum {string} */
                accountType: 'CHECKING' | 'SAVINGS';
              }
            | {
                /** @enum {string} */
                rail: 'CRYPTO_WALLET';
                /** @enum {string} */
                asset: 'USDT' | 'USDC' | 'BTC';
                /**
                 * @description USDT: ETHEREUM, TRON, POLYGON; USDC: ETHEREUM, POLYGON; BTC: BITCOIN.
                 * @enum {string}
                 */
                network: 'ETHEREUM' | 'POLYGON' | 'TRON' | 'BITCOIN';
                /** @description Checked for the network (EIP-55, Base58Check, bech32/bech32m). */
                address: string;
              };
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Beneficiary'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getBeneficiary: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        beneficiaryId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Beneficiary'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  updateBeneficiary: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        beneficiaryId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "metadata": {
         *         "supplierId": "S-77"
         *       }
         *     }
         */
        'application/json': {
          /** @description Merged into the current metadata ("" removes a key); null removes every key. */
          metadata: {
            [key: string]: string;
          } | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Beneficiary'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createPaymentInstruction: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path: {
        beneficiaryId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "rail": "CRYPTO_WALLET",
         *       "asset": "USDT",
         *       "network": "ETHEREUM",
         *       "address": "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
         *     }
         */
        'application/json':
          | {
              /** @enum {string} */
              rail: 'PIX';
              /** @enum {string} */
              asset: 'BRL';
              /** @enum {string} */
              keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
              /** @description CPF or CNPJ (check digits verified), e-mail, phone in E.164 (`+55` + area code + number) or EVP (a UUID), as `keyType` says. Shown normalised. */
              key: string;
            }
          | {
              /** @enum {string} */
              rail: 'BANK_ACCOUNT';
              /** @enum {string} */
              asset: 'BRL';
              /** @description The bank's 8-digit ISPB. */
              ispb: string;
              /** @description Branch (agência), 1-4 digits. */
              branch: string;
              /** @description Account number with its check digit (`12345-6`); shown without the hyphen. */
              accountNumber: string;
              /** @enum {string} */
              accountType: 'CHECKING' | 'SAVINGS';
            }
          | {
              /** @enum {string} */
              rail: 'CRYPTO_WALLET';
              /** @enum {string} */
              asset: 'USDT' | 'USDC' | 'BTC';
              /**
               * @description USDT: ETHEREUM, TRON, POLYGON; USDC: ETHEREUM, POLYGON; BTC: BITCOIN.
               * @enum {string}
               */
              network: 'ETHEREUM' | 'POLYGON' | 'TRON' | 'BITCOIN';
              /** @description Checked for the network (EIP-55, Base58Check, bech32/bech32m). */
              address: string;
            };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PaymentInstruction'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  deletePaymentInstruction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        beneficiaryId: string;
        instructionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The request body is larger than this endpoint accepts. */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The body is not application/json, or its Content-Encoding is not supported. */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createDeposit: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *       "asset": "BRL",
         *       "amount": "1250.00"
         *     }
         */
        'application/json': {
          /** @example acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description Decimal string in units of the asset, e.g. "1250.00"; at most the asset's decimals (BRL 2, USDT 6, USDC 6, BTC 8), greater than zero, at most the documented maximum.
           * @example 1250.00
           */
          amount: string;
          /**
           * @description A quote to credit the deposit in another asset (docs/api.md "Cross-asset withdrawals and deposits"): `asset` and `amount` must be its source (what is paid in), the account is credited its target amount. Consumed at once; the rate holds until the deposit expires.
           * @example quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR
           */
          quoteId?: string;
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
          /**
           * @description Your own reference for this operation (letters, digits and `. _ : / -`, 1-64 characters), unique per customer and never expiring: a second request with it is refused with 409 EXTERNAL_REFERENCE_CONFLICT naming the existing operation (`existingOperationId`).
           * @example invoice-2026-118
           */
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createWithdrawal: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *       "asset": "BRL",
         *       "amount": "100.00",
         *       "beneficiary": {
         *         "id": "ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "paymentInstructionId": "pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR"
         *       },
         *       "description": "Supplier invoice 2026-118"
         *     }
         */
        'application/json': {
          /** @example acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description Decimal string in units of the asset, e.g. "1250.00"; at most the asset's decimals (BRL 2, USDT 6, USDC 6, BTC 8), greater than zero, at most the documented maximum.
           * @example 1250.00
           */
          amount: string;
          beneficiary: {
            /** @example ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
            id: string;
            /** @example pin_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
            paymentInstructionId: string;
          };
          description?: string;
          /**
           * @description A quote to pay out in another asset (docs/api.md "Cross-asset withdrawals and deposits"): `asset` and `amount` must be its target (what the beneficiary receives), the account pays its source amount. Consumed by this request.
           * @example quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR
           */
          quoteId?: string;
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
          /**
           * @description Your own reference for this operation (letters, digits and `. _ : / -`, 1-64 characters), unique per customer and never expiring: a second request with it is refused with 409 EXTERNAL_REFERENCE_CONFLICT naming the existing operation (`existingOperationId`).
           * @example invoice-2026-118
           */
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createSwap: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *       "quoteId": "quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *       "description": "Treasury rebalance"
         *     }
         */
        'application/json': {
          /** @example acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          accountId: string;
          /**
           * @description An unexpired, unused quote of this account (POST /v1/quotes).
           * @example quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR
           */
          quoteId: string;
          description?: string;
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
          /**
           * @description Your own reference for this operation (letters, digits and `. _ : / -`, 1-64 characters), unique per customer and never expiring: a second request with it is refused with 409 EXTERNAL_REFERENCE_CONFLICT naming the existing operation (`existingOperationId`).
           * @example invoice-2026-118
           */
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createOrder: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @example acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          accountId: string;
          /** @enum {string} */
          side: 'BUY' | 'SELL';
          /**
           * @description Asset code.
           * @enum {string}
           */
          baseAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description Asset code.
           * @enum {string}
           */
          quoteAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /** @enum {string} */
          type: 'MARKET' | 'LIMIT';
          /**
           * @description Decimal string of the BASE asset to buy or sell.
           * @example 1250.00
           */
          amount: string;
          /**
           * @description LIMIT only (required): quote asset per one base asset.
           * @example 5.4312
           */
          limitPrice?: string;
          /**
           * Format: date-time
           * @description LIMIT only: in the future, at most 30 days ahead; default 24 h from now.
           */
          expiresAt?: string;
          description?: string;
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
          /**
           * @description Your own reference for this operation (letters, digits and `. _ : / -`, 1-64 characters), unique per customer and never expiring: a second request with it is refused with 409 EXTERNAL_REFERENCE_CONFLICT naming the existing operation (`existingOperationId`).
           * @example invoice-2026-118
           */
          externalReference?: string;
        } & (
          | {
              /** @enum {unknown} */
              type?: 'MARKET';
              limitPrice?: unknown;
              expiresAt?: unknown;
            }
          | {
              /** @enum {unknown} */
              type?: 'LIMIT';
            }
        );
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createPixPayment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @example acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          accountId: string;
          /**
           * @description Decimal string in units of the asset, e.g. "1250.00"; at most the asset's decimals (BRL 2, USDT 6, USDC 6, BTC 8), greater than zero, at most the documented maximum.
           * @example 1250.00
           */
          amount?: string;
          pixKey?: {
            /** @enum {string} */
            keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
            /** @example maria@example.com */
            key: string;
          };
          /** @description A static PIX copy-and-paste code (EMV BR Code). */
          brCode?: string;
          description?: string;
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
          /**
           * @description Your own reference for this operation (letters, digits and `. _ : / -`, 1-64 characters), unique per customer and never expiring: a second request with it is refused with 409 EXTERNAL_REFERENCE_CONFLICT naming the existing operation (`existingOperationId`).
           * @example invoice-2026-118
           */
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  transferOperation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *       "destinationAccountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "asset": "BRL",
         *       "amount": "250.00",
         *       "description": "To savings"
         *     }
         */
        'application/json': {
          /** @example acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          accountId: string;
          /** @example acc_01JD6Q3W8ZK2C1V7R4X9B5N0AS */
          destinationAccountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          asset?: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description With `asset`: moved 1:1 from the source to the destination.
           * @example 1250.00
           */
          amount?: string;
          /**
           * @description Instead of `asset` and `amount`: a quote of the source account (POST /v1/quotes); its source amount is debited from the source account, its target amount credited to the destination. Consumed by this request.
           * @example quo_01JD6Q3W8ZK2C1V7R4X9B5N0AR
           */
          quoteId?: string;
          description?: string;
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
          /**
           * @description Your own reference for this operation (letters, digits and `. _ : / -`, 1-64 characters), unique per customer and never expiring: a second request with it is refused with 409 EXTERNAL_REFERENCE_CONFLICT naming the existing operation (`existingOperationId`).
           * @example invoice-2026-118
           */
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createOperationRefund: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path: {
        operationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": "25.00",
         *       "reason": "Order 1187 cancelled by the buyer"
         *     }
         */
        'application/json': {
          /**
           * @description How much to return, in BRL (decimal string). Defaults to everything that remains refundable (the received amount minus refunds COMPLETED or in flight).
           * @example 25.00
           */
          amount?: string;
          /**
           * @description Why the money is returned, free text shown on the refund (`refundReason`), e.g. "Order cancelled by the buyer".
           * @example Order 1187 cancelled by the buyer
           */
          reason: string;
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
          /**
           * @description Your own reference for this operation (letters, digits and `. _ : / -`, 1-64 characters), unique per customer and never expiring: a second request with it is refused with 409 EXTERNAL_REFERENCE_CONFLICT naming the existing operation (`existingOperationId`).
           * @example invoice-2026-118
           */
          externalReference?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  cancelOperation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The request body is larger than this endpoint accepts. */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The body is not application/json, or its Content-Encoding is not supported. */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listOperations: {
    parameters: {
      query?: {
        /** @description Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null. */
        limit?: number;
        /** @description meta.nextCursor or meta.previousCursor of an earlier page. */
        cursor?: string;
        /** @description NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from. */
        direction?: 'NEXT' | 'PREVIOUS';
        /** @description Order by creation time (then id). */
        sortOrder?: 'ASCENDING' | 'DESCENDING';
        /** @description Only operations with one of these types: repeat the parameter for several. */
        type?: (
          | 'DEPOSIT'
          | 'WITHDRAWAL'
          | 'SWAP'
          | 'ORDER'
          | 'PIX_PAYMENT'
          | 'TRANSFER'
          | 'PIX_REFUND'
          | 'REVERSAL'
        )[];
        /** @description Only operations with one of these statuses: repeat the parameter for several. */
        status?: ('REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED')[];
        /** @description Only operations with one of these assets: repeat the parameter for several. */
        asset?: ('BRL' | 'USDT' | 'USDC' | 'BTC')[];
        /** @description Only operations of this account. */
        accountId?: string;
        /** @description Only the operation created with this external reference (exact match; at most one). */
        externalReference?: string;
        /** @description Only operations created at or after this time (inclusive). */
        createdAtFrom?: string;
        /** @description Only operations created before this time (exclusive). */
        createdAtTo?: string;
        /** @description Only items whose metadata has each of these pairs: `metadata[key]=value`, at most 10 pairs, ANDed. A filtered page may hold fewer items than `limit`, even none, and still have a cursor onward (`meta.nextCursor`, or `meta.previousCursor` going back): follow it to the end (docs/api.md "Metadata"). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Operation'][];
            meta: {
              previousCursor: string | null;
              nextCursor: string | null;
              /** @description Number of items in this page (not of the whole list). */
              total: number;
            };
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getOperation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Operation'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listFundingInstructions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        accountId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: (
              | {
                  /** @enum {string} */
                  asset: 'BRL';
                  /** @enum {string} */
                  rail: 'PIX';
                  /** @enum {string} */
                  keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
                  key: string;
                  /** @description PIX copy-and-paste without an amount. null in production with the PIX rail (docs/rails.md "PIX"): BRL is paid only with a deposit's own code, which names the deposit; a payment to the key without it cannot be attributed to the account. */
                  brCode: string | null;
                }
              | {
                  /** @enum {string} */
                  asset: 'USDT' | 'USDC' | 'BTC';
                  /** @enum {string} */
                  rail: 'CRYPTO';
                  network: string;
                  address: string;
                }
            )[];
          };
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listRates: {
    parameters: {
      query?: {
        /** @description Only pairs selling this asset. */
        base?: 'BRL' | 'USDT' | 'USDC' | 'BTC';
        /** @description Only pairs buying this asset. */
        quote?: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /**
               * @description Asset code.
               * @enum {string}
               */
              base: 'BRL' | 'USDT' | 'USDC' | 'BTC';
              /**
               * @description Asset code.
               * @enum {string}
               */
              quote: 'BRL' | 'USDT' | 'USDC' | 'BTC';
              /**
               * @description Indicative: `quote` per 1 `base` for a conversion now (spread included). A quote fixes it.
               * @example 5.3892
               */
              rate: string;
              /**
               * Format: date-time
               * @description When this rate took effect.
               */
              updatedAt: string;
            }[];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createQuote: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *       "sourceAsset": "BRL",
         *       "targetAsset": "USDT",
         *       "sourceAmount": "1000.00"
         *     }
         */
        'application/json': {
          /** @example acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR */
          accountId: string;
          /**
           * @description Asset code.
           * @enum {string}
           */
          sourceAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description Asset code.
           * @enum {string}
           */
          targetAsset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
          /**
           * @description What the account pays, fees included. Exactly one of the two.
           * @example 1250.00
           */
          sourceAmount?: string;
          /**
           * @description What the account receives. Exactly one of the two.
           * @example 1250.00
           */
          targetAmount?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Quote'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getQuote: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        quoteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Quote'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getPixKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description A PIX key; its type is read from its shape (CPF, CNPJ, e-mail, +55 phone, EVP UUID). URL-encode it (`%2B` for `+`, `%40` for `@` are both accepted).
         * @example maria@example.com
         */
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
            /** @description The key, normalised. */
            key: string;
            holder: {
              /** @enum {string} */
              type: 'INDIVIDUAL' | 'COMPANY';
              /**
               * @description Masked: "Mar** Sil**".
               * @example Mar** Sil**
               */
              name: string;
              /**
               * @description A CPF masked ("***.456.789-**"); a CNPJ whole ("12.345.678/0001-95").
               * @example ***.456.789-**
               */
              taxId: string;
            };
            /** @description The receiver's PIX participant, when the directory knows it. */
            bank: {
              /** @example 18236120 */
              ispb: string;
              /** @example Nu Pagamentos S.A. */
              name: string;
            } | null;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listSubscriptions: {
    parameters: {
      query?: {
        /** @description Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null. */
        limit?: number;
        /** @description meta.nextCursor or meta.previousCursor of an earlier page. */
        cursor?: string;
        /** @description NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from. */
        direction?: 'NEXT' | 'PREVIOUS';
        /** @description Order by creation time (then id). */
        sortOrder?: 'ASCENDING' | 'DESCENDING';
        status?: 'ACTIVE' | 'PAUSED' | 'DISABLED';
        /** @description Only items whose metadata has each of these pairs: `metadata[key]=value`, at most 10 pairs, ANDed. A filtered page may hold fewer items than `limit`, even none, and still have a cursor onward (`meta.nextCursor`, or `meta.previousCursor` going back): follow it to the end (docs/api.md "Metadata"). */
        metadata?: {
          [key: string]: string;
        };
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['Subscription'][];
            meta: {
              previousCursor: string | null;
              nextCursor: string | null;
              /** @description Number of items in this page (not of the whole list). */
              total: number;
            };
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createSubscription: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/webhooks/cofre",
         *       "resources": [
         *         {
         *           "name": "ACCOUNT",
         *           "includeAll": true
         *         },
         *         {
         *           "name": "OPERATION",
         *           "events": [
         *             "OPERATION_COMPLETED",
         *             "OPERATION_FAILED"
         *           ]
         *         }
         *       ],
         *       "allowRetry": true
         *     }
         */
        'application/json': {
          /** @description Public HTTPS callback URL. */
          url: string;
          /**
           * @description Every event of every business resource (ACCOUNT, BENEFICIARY, OPERATION); the operational ones, SUBSCRIPTION and MESSAGE, are selected by name only.
           * @default false
           */
          includeAll?: boolean;
          /** @description Replaces the whole selection when patched. */
          resources?: {
            /**
             * @description ACCOUNT, BENEFICIARY or OPERATION; or an operational resource, SUBSCRIPTION or MESSAGE (delivery alerts, selected by name only: a top-level includeAll does not include them).
             * @enum {string}
             */
            name: 'ACCOUNT' | 'BENEFICIARY' | 'OPERATION' | 'SUBSCRIPTION' | 'MESSAGE';
            /**
             * @description Every event of this resource.
             * @default false
             */
            includeAll?: boolean;
            /** @description Event types of this resource. */
            events?: string[];
          }[];
          /**
           * @description Retry failed deliveries (fixed delay, bounded count).
           * @default false
           */
          allowRetry?: boolean;
          /** @description Attempts of this subscription in flight at once (default 4, at most the server maximum, COFRE_WEBHOOK_MAX_CONCURRENCY_PER_SUBSCRIPTION, 16 by default). Delivery order is not guaranteed. */
          maxConcurrency?: number;
          /**
           * @description `cofre` (default): `X-Message-Signature: v1=<hex>` fixed at message creation. `standard-webhooks`: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, signed per attempt, verifiable by the stock Standard Webhooks and Svix libraries (docs/webhooks.md).
           * @enum {string}
           */
          signatureFormat?: 'cofre' | 'standard-webhooks';
          /**
           * @description `subscription-secret` (default): the subscription's own `whsec_…` secret signs. `client-secret`: the key derived from the API client's secret signs (HMAC-SHA256(key = clientSecret, "cofre.webhook-signing.v1")), so a receiver holding the client secret verifies without a subscription secret; the client is the one that created the subscription or whose PATCH chose `client-secret`, and a rotation of its secret rotates the key (docs/webhooks.md "Signing with the client secret"). `ed25519`: the subscription's own Ed25519 key pair signs, `webhook-signature: v1a,<base64>` (Standard Webhooks asymmetric signatures, only with `signatureFormat` `standard-webhooks`); the private key never leaves the server, receivers verify with `publicKey` or the JWKS at GET /v1/subscriptions/{id}/keys (docs/webhooks.md "Ed25519 signatures").
           * @enum {string}
           */
          signingKey?: 'subscription-secret' | 'client-secret' | 'ed25519';
          /** @description Your own key/value pairs (at most 50 keys of 1-40 characters without `[` `]`, values of at most 500 characters). Empty values are dropped. docs/api.md "Metadata". */
          metadata?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description The subscription, with its signing secret (shown here once; GET …/secret reads it again); without one when `signingKey` is `ed25519` (verify with `publicKey`). */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedSubscription'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getSubscriptionSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionSecret'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  rotateSubscriptionSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "expireCurrentInSeconds": 3600
         *     }
         */
        'application/json': {
          /** @description How long the current secret keeps signing beside the new one (default COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS, one day); 0 retires it at once. */
          expireCurrentInSeconds?: number;
        };
      };
    };
    responses: {
      /** @description The new `secret`; with `signingKey` `ed25519` instead the new key pair's `publicKey` and `keyId` (its private key is never returned). */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RotatedSecret'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listSubscriptionKeys: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The subscription's public signing keys as a JSON Web Key Set (RFC 7517 §5). */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The keys that sign now: the current one first, then during a rotation window the one it replaced. Empty unless `signingKey` is `ed25519`. */
            keys: {
              /** @enum {string} */
              kty: 'OKP';
              /** @enum {string} */
              crv: 'Ed25519';
              /** @description The 32-byte public key, base64url (RFC 8037 §2). */
              x: string;
              /** @description The key's id (`kid`): its RFC 7638 JWK thumbprint (SHA-256, base64url). */
              kid: string;
              /** @enum {string} */
              use: 'sig';
              /** @enum {string} */
              alg: 'EdDSA';
            }[];
          };
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Subscription'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  deleteSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The request body is larger than this endpoint accepts. */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The body is not application/json, or its Content-Encoding is not supported. */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  updateSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "status": "PAUSED"
         *     }
         */
        'application/json': {
          /** @description Public HTTPS callback URL. */
          url?: string;
          includeAll?: boolean;
          /** @description Replaces the whole selection when patched. */
          resources?: {
            /**
             * @description ACCOUNT, BENEFICIARY or OPERATION; or an operational resource, SUBSCRIPTION or MESSAGE (delivery alerts, selected by name only: a top-level includeAll does not include them).
             * @enum {string}
             */
            name: 'ACCOUNT' | 'BENEFICIARY' | 'OPERATION' | 'SUBSCRIPTION' | 'MESSAGE';
            /**
             * @description Every event of this resource.
             * @default false
             */
            includeAll?: boolean;
            /** @description Event types of this resource. */
            events?: string[];
          }[];
          allowRetry?: boolean;
          /** @description Attempts of this subscription in flight at once (default 4, at most the server maximum, COFRE_WEBHOOK_MAX_CONCURRENCY_PER_SUBSCRIPTION, 16 by default). Delivery order is not guaranteed. */
          maxConcurrency?: number;
          /**
           * @description `cofre` (default): `X-Message-Signature: v1=<hex>` fixed at message creation. `standard-webhooks`: `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, signed per attempt, verifiable by the stock Standard Webhooks and Svix libraries (docs/webhooks.md).
           * @enum {string}
           */
          signatureFormat?: 'cofre' | 'standard-webhooks';
          /**
           * @description `subscription-secret` (default): the subscription's own `whsec_…` secret signs. `client-secret`: the key derived from the API client's secret signs (HMAC-SHA256(key = clientSecret, "cofre.webhook-signing.v1")), so a receiver holding the client secret verifies without a subscription secret; the client is the one that created the subscription or whose PATCH chose `client-secret`, and a rotation of its secret rotates the key (docs/webhooks.md "Signing with the client secret"). `ed25519`: the subscription's own Ed25519 key pair signs, `webhook-signature: v1a,<base64>` (Standard Webhooks asymmetric signatures, only with `signatureFormat` `standard-webhooks`); the private key never leaves the server, receivers verify with `publicKey` or the JWKS at GET /v1/subscriptions/{id}/keys (docs/webhooks.md "Ed25519 signatures").
           * @enum {string}
           */
          signingKey?: 'subscription-secret' | 'client-secret' | 'ed25519';
          /**
           * @description PAUSED holds deliveries; ACTIVE sends them, oldest first (also enables a DISABLED subscription again). DISABLED is set by the server only.
           * @enum {string}
           */
          status?: 'ACTIVE' | 'PAUSED';
          /** @description Merged into the current metadata ("" removes a key); null removes every key. */
          metadata?: {
            [key: string]: string;
          } | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Subscription'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listExecutionLogs: {
    parameters: {
      query?: {
        /** @description Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null. */
        limit?: number;
        /** @description meta.nextCursor or meta.previousCursor of an earlier page. */
        cursor?: string;
        /** @description NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from. */
        direction?: 'NEXT' | 'PREVIOUS';
        /** @description Order by creation time (then id). */
        sortOrder?: 'ASCENDING' | 'DESCENDING';
        status?: 'SUCCESS' | 'FAILED';
        eventType?:
          | 'ACCOUNT_CREATED'
          | 'ACCOUNT_ASSET_ACTIVATED'
          | 'ACCOUNT_ASSET_FAILED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
          | 'OPERATION_REQUESTED'
          | 'OPERATION_FUNDING_INSTRUCTION_READY'
          | 'OPERATION_COMPLETED'
          | 'OPERATION_FAILED'
          | 'SUBSCRIPTION_FAILING'
          | 'SUBSCRIPTION_RECOVERED'
          | 'SUBSCRIPTION_DISABLED'
          | 'MESSAGE_EXHAUSTED';
        /**
         * @description Only the attempts of this message (`X-Message-Id`; an event's delivery in `GET /v1/events` names it): every automatic attempt, retry and resend. A message of another subscription gives an empty page.
         * @example msg_01JD0000000000000000000000
         */
        messageId?: string;
      };
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['ExecutionLogSummary'][];
            meta: {
              previousCursor: string | null;
              nextCursor: string | null;
              /** @description Number of items in this page (not of the whole list). */
              total: number;
            };
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getExecutionLog: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
        logId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExecutionLog'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  resendExecutionLog: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
        logId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued */
      204: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The request body is larger than this endpoint accepts. */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The body is not application/json, or its Content-Encoding is not supported. */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  recoverSubscriptionMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "since": "2026-11-22T00:00:00.000Z"
         *     }
         */
        'application/json': {
          /**
           * Format: date-time
           * @description Re-queue messages whose last attempt failed at or after this time.
           */
          since: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      202: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            queued: number;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listSubscriptionMessages: {
    parameters: {
      query?: {
        /** @description Only messages numbered above this one: the last sequence you processed without a gap. */
        afterSequence?: number;
        /** @description Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null. */
        limit?: number;
        /** @description meta.nextCursor or meta.previousCursor of an earlier page. */
        cursor?: string;
        /** @description NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from. */
        direction?: 'NEXT' | 'PREVIOUS';
        /** @description Order by sequence: ASCENDING (default, oldest first) or DESCENDING. */
        sortOrder?: 'ASCENDING' | 'DESCENDING';
      };
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['SubscriptionMessage'][];
            meta: {
              previousCursor: string | null;
              nextCursor: string | null;
              /** @description Number of items in this page (not of the whole list). */
              total: number;
            };
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getSubscriptionHealth: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionHealth'];
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description Items per page (1-100), at most: a page may hold fewer and still have a cursor onward (its items reached 256 KiB of metadata or event bodies, or a metadata filter stopped examining). Follow meta.nextCursor until it is null. */
        limit?: number;
        /** @description meta.nextCursor or meta.previousCursor of an earlier page. */
        cursor?: string;
        /** @description NEXT or PREVIOUS; when given with a cursor it must match the cursor it came from. */
        direction?: 'NEXT' | 'PREVIOUS';
        /** @description Order by creation time (then id). */
        sortOrder?: 'ASCENDING' | 'DESCENDING';
        /** @description Only events of these types: repeat the parameter for several (`type=A&type=B`). Values from GET /v1/events/types. */
        type?: (
          | 'ACCOUNT_CREATED'
          | 'ACCOUNT_ASSET_ACTIVATED'
          | 'ACCOUNT_ASSET_FAILED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
          | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
          | 'OPERATION_REQUESTED'
          | 'OPERATION_FUNDING_INSTRUCTION_READY'
          | 'OPERATION_COMPLETED'
          | 'OPERATION_FAILED'
          | 'SUBSCRIPTION_FAILING'
          | 'SUBSCRIPTION_RECOVERED'
          | 'SUBSCRIPTION_DISABLED'
          | 'MESSAGE_EXHAUSTED'
        )[];
        /** @description Only events about this resource (an account, payment instruction, operation; a subscription for its SUBSCRIPTION_* alerts, a message for MESSAGE_EXHAUSTED). */
        resourceId?: string;
        /** @description Only events that happened at or after this time (inclusive). */
        createdAtFrom?: string;
        /** @description Only events that happened before this time (exclusive). */
        createdAtTo?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: components['schemas']['FeedEvent'][];
            meta: {
              previousCursor: string | null;
              nextCursor: string | null;
              /** @description Number of items in this page (not of the whole list). */
              total: number;
            };
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FeedEvent'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  listen: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the request safe to retry: the same key with the same body answers the original response again (with `Idempotent-Replayed: true`) for at least 24 h; the same key with another body is 422 IDEMPOTENCY_CONFLICT; while the first request runs, 409 IDEMPOTENCY_IN_PROGRESS. 1 to 255 visible ASCII characters, per customer; a random UUID per logical operation is a good key. */
        'Idempotency-Key'?: string;
        /** @description Older name of `Idempotency-Key`; the same key either way. Sending both with different values is 400 INVALID_DATA (the same value in both is fine). */
        'X-Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "events": [
         *         "ACCOUNT_CREATED"
         *       ]
         *     }
         */
        'application/json': {
          /** @description Event types to receive; every event when left out. */
          events?: (
            | 'ACCOUNT_CREATED'
            | 'ACCOUNT_ASSET_ACTIVATED'
            | 'ACCOUNT_ASSET_FAILED'
            | 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED'
            | 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED'
            | 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED'
            | 'OPERATION_REQUESTED'
            | 'OPERATION_FUNDING_INSTRUCTION_READY'
            | 'OPERATION_COMPLETED'
            | 'OPERATION_FAILED'
            | 'SUBSCRIPTION_FAILING'
            | 'SUBSCRIPTION_RECOVERED'
            | 'SUBSCRIPTION_DISABLED'
            | 'MESSAGE_EXHAUSTED'
          )[];
          /**
           * @description Retry a delivery the local receiver failed (fixed delay, bounded count).
           * @default false
           */
          allowRetry?: boolean;
          /**
           * @description How the relayed deliveries are signed, as for any subscription (default `cofre`); `standard-webhooks` signs each attempt when the stream sends it.
           * @enum {string}
           */
          signatureFormat?: 'cofre' | 'standard-webhooks';
          /** @description Messages relayed and not yet answered at once (default 1: one at a time, oldest first). */
          maxConcurrency?: number;
        };
      };
    };
    responses: {
      /** @description The subscription, with its signing secret (shown here once; GET …/secret reads it again); without one when `signingKey` is `ed25519` (verify with `publicKey`). */
      201: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedSubscription'];
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  getListenStream: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A Server-Sent Events stream */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description The request is not valid (INVALID_DATA and the other 400 codes of docs/errors.md). */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The customer already has its maximum of listen streams open on this API process (TOO_MANY_STREAMS), or too many requests for this client (RATE_LIMITED); retry after `Retry-After` seconds. */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description This API process serves its maximum of listen streams, the database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  createListenResult: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "messageId": "msg_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *       "attempt": 0,
         *       "url": "http://localhost:3000/webhooks",
         *       "status": 200,
         *       "responseBody": "ok",
         *       "durationMs": 12
         *     }
         */
        'application/json': {
          messageId: string;
          /** @description The stream event's `attempt`: automatic attempts made before this one. */
          attempt: number;
          /** @description Where cofre listen forwarded it (kept in the execution log). */
          url: string;
          /** @description The local answer; 0 when there was none. */
          status: number;
          /** @description The local answer body; the first 4 KiB are kept. */
          responseBody?: string;
          durationMs: number;
          /** @description The stream event's `sentAt` (unix ms its headers were signed at): the execution log then records exactly the headers relayed. */
          sentAt?: number;
          /** @description No answer within the 10 s limit. */
          timedOut?: boolean;
          /** @description Why there was no answer (status 0). */
          error?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description false when this attempt was already settled (a repeated report, or another stream answered first). */
            recorded: boolean;
            /** @description The message's status after the report. */
            messageStatus: string;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      403: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      404: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      429: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The database is unavailable, or the server is shutting down; retry after `Retry-After` seconds. */
      503: {
        headers: {
          'RateLimit-Policy': components['headers']['RateLimit-Policy'];
          RateLimit: components['headers']['RateLimit'];
          /** @description Seconds to wait before retrying. */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
    };
  };
  webhook_ACCOUNT_CREATED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example ACCOUNT_CREATED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example ACCOUNT
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "ACCOUNT_CREATED",
         *       "resource": "ACCOUNT",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "type": "CHECKING",
         *         "status": "OPENING",
         *         "assets": [
         *           {
         *             "asset": "BRL",
         *             "status": "ONBOARDING"
         *           }
         *         ],
         *         "balances": [
         *           {
         *             "asset": "BRL",
         *             "available": "0.00",
         *             "pending": "0.00",
         *             "total": "0.00"
         *           }
         *         ],
         *         "metadata": {
         *           "customerRef": "C-1042"
         *         },
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:31.512Z"
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'ACCOUNT_CREATED';
          /** @constant */
          resource: 'ACCOUNT';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Account'];
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_ACCOUNT_ASSET_ACTIVATED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example ACCOUNT_ASSET_ACTIVATED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example ACCOUNT
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "ACCOUNT_ASSET_ACTIVATED",
         *       "resource": "ACCOUNT",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "type": "CHECKING",
         *         "status": "ACTIVE",
         *         "assets": [
         *           {
         *             "asset": "BRL",
         *             "status": "ACTIVE"
         *           }
         *         ],
         *         "balances": [
         *           {
         *             "asset": "BRL",
         *             "available": "0.00",
         *             "pending": "0.00",
         *             "total": "0.00"
         *           }
         *         ],
         *         "metadata": {
         *           "customerRef": "C-1042"
         *         },
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:33.696Z",
         *         "asset": "BRL"
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'ACCOUNT_ASSET_ACTIVATED';
          /** @constant */
          resource: 'ACCOUNT';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Account'] & {
            /** @description The asset whose onboarding changed. */
            asset: string;
          };
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_ACCOUNT_ASSET_FAILED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example ACCOUNT_ASSET_FAILED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example ACCOUNT
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "ACCOUNT_ASSET_FAILED",
         *       "resource": "ACCOUNT",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "type": "CHECKING",
         *         "status": "OPENING",
         *         "assets": [
         *           {
         *             "asset": "BRL",
         *             "status": "FAILED"
         *           }
         *         ],
         *         "balances": [
         *           {
         *             "asset": "BRL",
         *             "available": "0.00",
         *             "pending": "0.00",
         *             "total": "0.00"
         *           }
         *         ],
         *         "metadata": {
         *           "customerRef": "C-1042"
         *         },
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:33.696Z",
         *         "asset": "BRL",
         *         "reason": {
         *           "code": "ONBOARDING_FAILED",
         *           "message": "Asset onboarding failed."
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'ACCOUNT_ASSET_FAILED';
          /** @constant */
          resource: 'ACCOUNT';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Account'] & {
            /** @description The asset whose onboarding changed. */
            asset: string;
            reason?: {
              code: string;
              message: string;
            };
          };
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_BENEFICIARY_PAYMENT_INSTRUCTION_CREATED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example BENEFICIARY_PAYMENT_INSTRUCTION_CREATED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example BENEFICIARY
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "BENEFICIARY_PAYMENT_INSTRUCTION_CREATED",
         *       "resource": "BENEFICIARY",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "holder": {
         *           "type": "INDIVIDUAL",
         *           "name": "Maria Silva",
         *           "taxId": "52998224725"
         *         },
         *         "relationshipType": "THIRD_PARTY",
         *         "paymentInstructions": [
         *           {
         *             "id": "pin_01JD6Q3W8ZK2C1V7R4X9B5N0AT",
         *             "rail": "PIX",
         *             "asset": "BRL",
         *             "keyType": "EMAIL",
         *             "key": "maria@example.com",
         *             "status": "PENDING_REVIEW",
         *             "reason": null,
         *             "createdAt": "2026-11-22T08:56:31.512Z",
         *             "updatedAt": "2026-11-22T08:56:33.696Z"
         *           }
         *         ],
         *         "metadata": {
         *           "supplierId": "S-77"
         *         },
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:31.512Z",
         *         "instructionId": "pin_01JD6Q3W8ZK2C1V7R4X9B5N0AT"
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED';
          /** @constant */
          resource: 'BENEFICIARY';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Beneficiary'] & {
            /** @description The payment instruction the event is about. */
            instructionId: string;
          };
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example BENEFICIARY
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED",
         *       "resource": "BENEFICIARY",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "holder": {
         *           "type": "INDIVIDUAL",
         *           "name": "Maria Silva",
         *           "taxId": "52998224725"
         *         },
         *         "relationshipType": "THIRD_PARTY",
         *         "paymentInstructions": [
         *           {
         *             "id": "pin_01JD6Q3W8ZK2C1V7R4X9B5N0AT",
         *             "rail": "PIX",
         *             "asset": "BRL",
         *             "keyType": "EMAIL",
         *             "key": "maria@example.com",
         *             "status": "APPROVED",
         *             "reason": null,
         *             "createdAt": "2026-11-22T08:56:31.512Z",
         *             "updatedAt": "2026-11-22T08:56:33.696Z"
         *           }
         *         ],
         *         "metadata": {
         *           "supplierId": "S-77"
         *         },
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:31.512Z",
         *         "instructionId": "pin_01JD6Q3W8ZK2C1V7R4X9B5N0AT"
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED';
          /** @constant */
          resource: 'BENEFICIARY';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Beneficiary'] & {
            /** @description The payment instruction the event is about. */
            instructionId: string;
          };
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example BENEFICIARY
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED",
         *       "resource": "BENEFICIARY",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "ben_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "holder": {
         *           "type": "INDIVIDUAL",
         *           "name": "Maria Silva",
         *           "taxId": "52998224725"
         *         },
         *         "relationshipType": "THIRD_PARTY",
         *         "paymentInstructions": [
         *           {
         *             "id": "pin_01JD6Q3W8ZK2C1V7R4X9B5N0AT",
         *             "rail": "PIX",
         *             "asset": "BRL",
         *             "keyType": "EMAIL",
         *             "key": "maria@example.com",
         *             "status": "REJECTED",
         *             "reason": {
         *               "code": "COMPLIANCE_REJECTED",
         *               "message": "Rejected by compliance review."
         *             },
         *             "createdAt": "2026-11-22T08:56:31.512Z",
         *             "updatedAt": "2026-11-22T08:56:33.696Z"
         *           }
         *         ],
         *         "metadata": {
         *           "supplierId": "S-77"
         *         },
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:31.512Z",
         *         "instructionId": "pin_01JD6Q3W8ZK2C1V7R4X9B5N0AT"
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED';
          /** @constant */
          resource: 'BENEFICIARY';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Beneficiary'] & {
            /** @description The payment instruction the event is about. */
            instructionId: string;
          };
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_OPERATION_REQUESTED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example OPERATION_REQUESTED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example OPERATION
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "OPERATION_REQUESTED",
         *       "resource": "OPERATION",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "op_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "type": "DEPOSIT",
         *         "status": "REQUESTED",
         *         "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "asset": "BRL",
         *         "amount": "1250.00",
         *         "fees": [],
         *         "reason": null,
         *         "states": [
         *           {
         *             "status": "REQUESTED",
         *             "reason": null,
         *             "at": "2026-11-22T08:56:31.512Z"
         *           }
         *         ],
         *         "metadata": {
         *           "customerRef": "C-1042",
         *           "invoice": "INV-2026-118"
         *         },
         *         "externalReference": "invoice-2026-118",
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:31.512Z",
         *         "fundingInstruction": {
         *           "rail": "PIX",
         *           "keyType": "EVP",
         *           "key": "c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a",
         *           "brCode": "00020126580014br.gov.bcb.pix0136c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a52040000530398654071250.005802BR5905COFRE6009SAO PAULO622905251JD6Q3W8ZK2C1V7R4X9B5N0AR63044972",
         *           "expiresAt": "2026-11-22T08:56:36.512Z"
         *         },
         *         "receivedAmount": null,
         *         "quoteId": null,
         *         "conversion": null,
         *         "refundedAmount": "0.00",
         *         "reversedBy": null,
         *         "onChain": null,
         *         "endToEndId": null
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'OPERATION_REQUESTED';
          /** @constant */
          resource: 'OPERATION';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Operation'];
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_OPERATION_FUNDING_INSTRUCTION_READY: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example OPERATION_FUNDING_INSTRUCTION_READY
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example OPERATION
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "OPERATION_FUNDING_INSTRUCTION_READY",
         *       "resource": "OPERATION",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "op_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "type": "DEPOSIT",
         *         "status": "REQUESTED",
         *         "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "asset": "BRL",
         *         "amount": "1250.00",
         *         "fees": [],
         *         "reason": null,
         *         "states": [
         *           {
         *             "status": "REQUESTED",
         *             "reason": null,
         *             "at": "2026-11-22T08:56:31.512Z"
         *           }
         *         ],
         *         "metadata": {
         *           "customerRef": "C-1042",
         *           "invoice": "INV-2026-118"
         *         },
         *         "externalReference": "invoice-2026-118",
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:31.512Z",
         *         "fundingInstruction": {
         *           "rail": "PIX",
         *           "keyType": "EVP",
         *           "key": "c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a",
         *           "brCode": "00020126580014br.gov.bcb.pix0136c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a52040000530398654071250.005802BR5905COFRE6009SAO PAULO622905251JD6Q3W8ZK2C1V7R4X9B5N0AR63044972",
         *           "expiresAt": "2026-11-22T08:56:36.512Z"
         *         },
         *         "receivedAmount": null,
         *         "quoteId": null,
         *         "conversion": null,
         *         "refundedAmount": "0.00",
         *         "reversedBy": null,
         *         "onChain": null,
         *         "endToEndId": null
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'OPERATION_FUNDING_INSTRUCTION_READY';
          /** @constant */
          resource: 'OPERATION';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Operation'];
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_OPERATION_COMPLETED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example OPERATION_COMPLETED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example OPERATION
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "OPERATION_COMPLETED",
         *       "resource": "OPERATION",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "op_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "type": "DEPOSIT",
         *         "status": "COMPLETED",
         *         "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "asset": "BRL",
         *         "amount": "1250.00",
         *         "fees": [],
         *         "reason": null,
         *         "states": [
         *           {
         *             "status": "REQUESTED",
         *             "reason": null,
         *             "at": "2026-11-22T08:56:31.512Z"
         *           },
         *           {
         *             "status": "PROCESSING",
         *             "reason": null,
         *             "at": "2026-11-22T08:56:33.696Z"
         *           },
         *           {
         *             "status": "COMPLETED",
         *             "reason": null,
         *             "at": "2026-11-22T08:56:33.696Z"
         *           }
         *         ],
         *         "metadata": {
         *           "customerRef": "C-1042",
         *           "invoice": "INV-2026-118"
         *         },
         *         "externalReference": "invoice-2026-118",
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:33.696Z",
         *         "fundingInstruction": {
         *           "rail": "PIX",
         *           "keyType": "EVP",
         *           "key": "c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a",
         *           "brCode": "00020126580014br.gov.bcb.pix0136c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a52040000530398654071250.005802BR5905COFRE6009SAO PAULO622905251JD6Q3W8ZK2C1V7R4X9B5N0AR63044972",
         *           "expiresAt": "2026-11-22T08:56:36.512Z"
         *         },
         *         "receivedAmount": "1250.00",
         *         "quoteId": null,
         *         "conversion": null,
         *         "refundedAmount": "0.00",
         *         "reversedBy": null,
         *         "onChain": null,
         *         "endToEndId": "E12345678202611220856abcdef01234"
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'OPERATION_COMPLETED';
          /** @constant */
          resource: 'OPERATION';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Operation'];
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_OPERATION_FAILED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example OPERATION_FAILED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example OPERATION
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "OPERATION_FAILED",
         *       "resource": "OPERATION",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "op_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "type": "DEPOSIT",
         *         "status": "FAILED",
         *         "accountId": "acc_01JD6Q3W8ZK2C1V7R4X9B5N0AR",
         *         "asset": "BRL",
         *         "amount": "1250.00",
         *         "fees": [],
         *         "reason": {
         *           "code": "DEPOSIT_EXPIRED",
         *           "message": "No payment arrived before the funding instruction expired."
         *         },
         *         "states": [
         *           {
         *             "status": "REQUESTED",
         *             "reason": null,
         *             "at": "2026-11-22T08:56:31.512Z"
         *           },
         *           {
         *             "status": "FAILED",
         *             "reason": {
         *               "code": "DEPOSIT_EXPIRED",
         *               "message": "No payment arrived before the funding instruction expired."
         *             },
         *             "at": "2026-11-22T08:56:36.512Z"
         *           }
         *         ],
         *         "metadata": {
         *           "customerRef": "C-1042",
         *           "invoice": "INV-2026-118"
         *         },
         *         "externalReference": "invoice-2026-118",
         *         "createdAt": "2026-11-22T08:56:31.512Z",
         *         "updatedAt": "2026-11-22T08:56:33.696Z",
         *         "fundingInstruction": {
         *           "rail": "PIX",
         *           "keyType": "EVP",
         *           "key": "c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a",
         *           "brCode": "00020126580014br.gov.bcb.pix0136c9a4b3e0-5d1f-4a8e-9b2c-7f6e5d4c3b2a52040000530398654071250.005802BR5905COFRE6009SAO PAULO622905251JD6Q3W8ZK2C1V7R4X9B5N0AR63044972",
         *           "expiresAt": "2026-11-22T08:56:36.512Z"
         *         },
         *         "receivedAmount": null,
         *         "quoteId": null,
         *         "conversion": null,
         *         "refundedAmount": "0.00",
         *         "reversedBy": null,
         *         "onChain": null,
         *         "endToEndId": null
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'OPERATION_FAILED';
          /** @constant */
          resource: 'OPERATION';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Operation'];
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_SUBSCRIPTION_FAILING: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example SUBSCRIPTION_FAILING
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example SUBSCRIPTION
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "SUBSCRIPTION_FAILING",
         *       "resource": "SUBSCRIPTION",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ",
         *         "url": "https://example.com/webhooks/cofre",
         *         "includeAll": false,
         *         "resources": [
         *           {
         *             "name": "ACCOUNT",
         *             "includeAll": true,
         *             "events": [
         *               "ACCOUNT_CREATED"
         *             ]
         *           }
         *         ],
         *         "allowRetry": true,
         *         "maxConcurrency": 4,
         *         "signatureFormat": "cofre",
         *         "signingKey": "subscription-secret",
         *         "transport": "http",
         *         "status": "ACTIVE",
         *         "metadata": {},
         *         "createdAt": "2026-11-22T08:50:00.000Z",
         *         "updatedAt": "2026-11-22T08:50:00.000Z",
         *         "alert": {
         *           "windowStartedAt": "2026-11-22T08:45:00.000Z",
         *           "windowMs": 900000,
         *           "attempts": 12,
         *           "failures": 9,
         *           "thresholdPercent": 50,
         *           "failingSince": "2026-11-22T08:47:10.000Z",
         *           "lastAttempt": {
         *             "at": "2026-11-22T08:56:33.696Z",
         *             "messageId": "msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT",
         *             "httpStatus": 503,
         *             "error": "The endpoint answered 503."
         *           }
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'SUBSCRIPTION_FAILING';
          /** @constant */
          resource: 'SUBSCRIPTION';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Subscription'] & {
            alert: {
              /** Format: date-time */
              windowStartedAt: string;
              /** @description COFRE_WEBHOOK_ALERT_WINDOW_MS. */
              windowMs: number;
              /** @description Attempts of business messages in the window. */
              attempts: number;
              failures: number;
              /** @description COFRE_WEBHOOK_ALERT_FAILURE_PERCENT. */
              thresholdPercent: number;
              /**
               * Format: date-time
               * @description The first failure since the last success; null after a success.
               */
              failingSince?: string | null;
              lastAttempt?: {
                /** Format: date-time */
                at: string;
                messageId?: string;
                /** @description 0 when no answer arrived. */
                httpStatus: number;
                error: string | null;
              };
            };
          };
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_SUBSCRIPTION_RECOVERED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example SUBSCRIPTION_RECOVERED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example SUBSCRIPTION
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "SUBSCRIPTION_RECOVERED",
         *       "resource": "SUBSCRIPTION",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ",
         *         "url": "https://example.com/webhooks/cofre",
         *         "includeAll": false,
         *         "resources": [
         *           {
         *             "name": "ACCOUNT",
         *             "includeAll": true,
         *             "events": [
         *               "ACCOUNT_CREATED"
         *             ]
         *           }
         *         ],
         *         "allowRetry": true,
         *         "maxConcurrency": 4,
         *         "signatureFormat": "cofre",
         *         "signingKey": "subscription-secret",
         *         "transport": "http",
         *         "status": "ACTIVE",
         *         "metadata": {},
         *         "createdAt": "2026-11-22T08:50:00.000Z",
         *         "updatedAt": "2026-11-22T08:50:00.000Z",
         *         "alert": {
         *           "windowStartedAt": "2026-11-22T08:45:00.000Z",
         *           "windowMs": 900000,
         *           "attempts": 8,
         *           "failures": 1,
         *           "thresholdPercent": 50,
         *           "failingSince": null,
         *           "lastAttempt": {
         *             "at": "2026-11-22T08:56:33.696Z",
         *             "messageId": "msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT",
         *             "httpStatus": 200,
         *             "error": null
         *           }
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'SUBSCRIPTION_RECOVERED';
          /** @constant */
          resource: 'SUBSCRIPTION';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Subscription'] & {
            alert: {
              /** Format: date-time */
              windowStartedAt: string;
              /** @description COFRE_WEBHOOK_ALERT_WINDOW_MS. */
              windowMs: number;
              /** @description Attempts of business messages in the window. */
              attempts: number;
              failures: number;
              /** @description COFRE_WEBHOOK_ALERT_FAILURE_PERCENT. */
              thresholdPercent: number;
              /**
               * Format: date-time
               * @description The first failure since the last success; null after a success.
               */
              failingSince?: string | null;
              lastAttempt?: {
                /** Format: date-time */
                at: string;
                messageId?: string;
                /** @description 0 when no answer arrived. */
                httpStatus: number;
                error: string | null;
              };
            };
          };
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_SUBSCRIPTION_DISABLED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example SUBSCRIPTION_DISABLED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example SUBSCRIPTION
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "SUBSCRIPTION_DISABLED",
         *       "resource": "SUBSCRIPTION",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ",
         *         "url": "https://example.com/webhooks/cofre",
         *         "includeAll": false,
         *         "resources": [
         *           {
         *             "name": "ACCOUNT",
         *             "includeAll": true,
         *             "events": [
         *               "ACCOUNT_CREATED"
         *             ]
         *           }
         *         ],
         *         "allowRetry": true,
         *         "maxConcurrency": 4,
         *         "signatureFormat": "cofre",
         *         "signingKey": "subscription-secret",
         *         "transport": "http",
         *         "status": "DISABLED",
         *         "metadata": {},
         *         "createdAt": "2026-11-22T08:50:00.000Z",
         *         "updatedAt": "2026-11-27T08:56:33.696Z",
         *         "disabled": {
         *           "at": "2026-11-27T08:56:33.696Z",
         *           "reason": "Every delivery failed since 2026-11-22T08:56:33.696Z (last: The endpoint answered 503); disabled after COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS."
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'SUBSCRIPTION_DISABLED';
          /** @constant */
          resource: 'SUBSCRIPTION';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: components['schemas']['Subscription'];
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_MESSAGE_EXHAUSTED: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Always `application/json`.
         * @example application/json
         */
        'Content-Type': string;
        /**
         * @description Names the sender and its version.
         * @example cofre-webhooks/1
         */
        'User-Agent': string;
        /**
         * @description cofre format only. One event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'X-Message-Id'?: string;
        /**
         * @description The event type, as in the body.
         * @example MESSAGE_EXHAUSTED
         */
        'X-Event-Type': string;
        /**
         * @description The resource the event is about, as in the body.
         * @example MESSAGE
         */
        'X-Resource-Name': string;
        /**
         * @description cofre format only. When the message was created, in unix seconds (the same on every retry and resend).
         * @example 1763800000
         */
        'X-Message-Timestamp'?: string;
        /**
         * @description cofre format only. One or more space-separated `v1=<hex HMAC-SHA256(key, "<X-Message-Id>.<X-Message-Timestamp>.<raw body>")>`; the message is authentic if any one of them verifies. The key is the subscription secret (docs/webhooks.md).
         * @example v1=5d0c4f3a9b1e7d2c8a6f0e4b3d9c1a7e5f2b8d4c6a0e9f3b7d1c5a8e2f6b0d4c
         */
        'X-Message-Signature'?: string;
        /**
         * @description standard-webhooks format only. The message id: one event for one subscription; the same on every retry and resend. Deduplicate on it.
         * @example msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT
         */
        'webhook-id'?: string;
        /**
         * @description standard-webhooks format only. This attempt's send time, in unix seconds (each retry and resend is signed anew).
         * @example 1763800007
         */
        'webhook-timestamp'?: string;
        /**
         * @description standard-webhooks format only. One or more space-separated `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<raw body>")>` (Standard Webhooks); the key is the decoded subscription secret.
         * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
         */
        'webhook-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *       "type": "MESSAGE_EXHAUSTED",
         *       "resource": "MESSAGE",
         *       "atTime": "2026-11-22T08:56:33.696Z",
         *       "data": {
         *         "id": "msg_01JD6Q3W8ZK2C1V7R4X9B5N0AT",
         *         "subscriptionId": "sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ",
         *         "sequence": 42,
         *         "eventId": "evt_01JD6Q3W8ZK2C1V7R4X9B5N0AS",
         *         "eventType": "OPERATION_COMPLETED",
         *         "status": "FAILED",
         *         "attempts": 5,
         *         "lastAttempt": {
         *           "at": "2026-11-22T08:56:33.696Z",
         *           "httpStatus": 503,
         *           "error": "The endpoint answered 503."
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @description The event id (`evt_…`, time-sortable). */
          id: string;
          /** @constant */
          type: 'MESSAGE_EXHAUSTED';
          /** @constant */
          resource: 'MESSAGE';
          /**
           * Format: date-time
           * @description When the event happened.
           */
          atTime: string;
          data: {
            /** @description The message that ran out of retries. */
            id: string;
            subscriptionId: string;
            /** @description Its number among its subscription’s messages. */
            sequence: number;
            eventId: string;
            eventType: string;
            /** @constant */
            status: 'FAILED';
            /** @description Automatic attempts made. */
            attempts?: number;
            lastAttempt: {
              /** Format: date-time */
              at: string;
              messageId?: string;
              /** @description 0 when no answer arrived. */
              httpStatus: number;
              error: string | null;
            };
          };
        };
      };
    };
    responses: {
      /** @description Received. Any 2xx within 10 s counts as delivered. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Any other answer, a network error or no answer in 10 s is a failed attempt, retried after a fixed delay when the subscription has `allowRetry`. */
      default: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
