/**
 * The back-office API's types (/admin/v1, docs/admin.md), generated from the server's
 * /openapi.json with the admin API on, by `npm run console:admin-types`; do not edit by hand.
 * A test (packages/console/test/admin-types.drift.test.ts) fails when this file and the server
 * disagree.
 */
export interface paths {
  '/admin/v1/customers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every customer, newest first
     * @description Paginated like every list (docs/api.md "Pagination"): newest first unless sortOrder=ASCENDING; a cursor is bound to this list, its filters and its sort order (another is 400 INVALID_CURSOR). No filter by name: a name search cheap on both engines needs an index of its own (docs/admin.md).
     */
    get: operations['adminListCustomers'];
    put?: never;
    /** Create a customer with one API client (the secret is shown once) */
    post: operations['adminCreateCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/customers/{customerId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Admin get customer */
    get: operations['adminGetCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/customers/{customerId}/clients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A customer's API clients (never their secrets) */
    get: operations['adminListCustomerClients'];
    put?: never;
    /** Create another API client for a customer (the secret is shown once) */
    post: operations['adminCreateCustomerClient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/clients/{clientId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change an API client's name, permissions, expiry or networks
     * @description Any subset; `null` lifts a restriction. Tokens already issued keep only the scopes the client still holds, within COFRE_CLIENT_CACHE_TTL_MS (docs/admin.md).
     */
    patch: operations['adminUpdateClient'];
    trace?: never;
  };
  '/admin/v1/clients/{clientId}/rotateSecret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Replace a client's secret (webhooks keep the old key for the grace window) */
    post: operations['adminRotateClientSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/clients/{clientId}/disable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Disable an API client */
    post: operations['adminDisableClient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/clients/{clientId}/enable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Re-enable an API client */
    post: operations['adminEnableClient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/paymentInstructions/{instructionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Admin get payment instruction */
    get: operations['adminGetPaymentInstruction'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/paymentInstructions/{instructionId}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Admin approve payment instruction */
    post: operations['adminApprovePaymentInstruction'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/paymentInstructions/{instructionId}/reject': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Admin reject payment instruction */
    post: operations['adminRejectPaymentInstruction'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/accounts/{accountId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Admin get account */
    get: operations['adminGetAccount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/accounts/{accountId}/assets/{asset}/activate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Admin activate account asset */
    post: operations['adminActivateAccountAsset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/accounts/{accountId}/assets/{asset}/fail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Admin fail account asset */
    post: operations['adminFailAccountAsset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/accounts/{accountId}/freeze': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Freeze an ACTIVE account */
    post: operations['adminFreezeAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/accounts/{accountId}/unfreeze': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Unfreeze a FROZEN account */
    post: operations['adminUnfreezeAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/operations/{operationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Any customer's operation, with whose it is */
    get: operations['adminGetOperation'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/operations/{operationId}/receive': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark a REQUESTED deposit received: credit it (optionally a different amount, shown as receivedAmount) and complete it */
    post: operations['adminReceiveOperation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/operations/{operationId}/complete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Complete a withdrawal, swap, PIX payment or open LIMIT order (through PROCESSING if still REQUESTED): its hold is captured — paid out, converted at the quote, or filled at limitPrice */
    post: operations['adminCompleteOperation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/operations/{operationId}/fail': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Fail a REQUESTED or PROCESSING operation: a hold (withdrawal, swap, PIX payment, open order) is released, a deposit credits nothing */
    post: operations['adminFailOperation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/operations/{operationId}/reverse': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reverse a COMPLETED deposit or withdrawal: a new REVERSAL operation, COMPLETED at once, debits the deposit (what was not refunded) or credits the withdrawal back; the original only records reversedBy
     * @description Answers 201 with the reversal. Refused with nothing changed: 404, 409 ALREADY_REVERSED (once per operation), 409 INVALID_STATE (not COMPLETED, another type, a cross-asset one, a deposit refunded in full), 422 INSUFFICIENT_BALANCE (the available balance does not cover a deposit's reversal). docs/admin.md "Reversals".
     */
    post: operations['adminReverseOperation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/auditLog': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every admin action, newest first by default (paginated like every list) */
    get: operations['adminListAuditLog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/paymentInstructions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every customer's payment instructions (status=PENDING_REVIEW: the review queue)
     * @description Each with its beneficiary's holder and relationship, and removedAt when the customer removed it. Paginated like every list (docs/api.md "Pagination"): newest first unless sortOrder=ASCENDING; a cursor is bound to this list, its filters and its sort order (another is 400 INVALID_CURSOR).
     */
    get: operations['adminListPaymentInstructions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/operations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every customer's operations, newest first, with whose each is
     * @description Filters: one status, one type, a customer, an account (a transfer shows under both of its accounts). Paginated like every list (docs/api.md "Pagination"): newest first unless sortOrder=ASCENDING; a cursor is bound to this list, its filters and its sort order (another is 400 INVALID_CURSOR).
     */
    get: operations['adminListOperations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/accounts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every customer's accounts, newest first, with their balances
     * @description Filters: one status (OPENING: assets still onboarding), a customer. Paginated like every list (docs/api.md "Pagination"): newest first unless sortOrder=ASCENDING; a cursor is bound to this list, its filters and its sort order (another is 400 INVALID_CURSOR).
     */
    get: operations['adminListAccounts'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/jobs/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Job counts by kind and state, overdue and parked jobs, webhook delivery backlog
     * @description The figures of `cofre jobs stats` and of the cofre_jobs* metrics (docs/metrics.md), from the same read, each count bounded at 10,000 rows (truncated says when a count is a lower bound). Parked jobs are re-queued with `cofre jobs retry` (database access).
     */
    get: operations['adminGetJobStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/pix/keys/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A PIX key of the production directory, unmasked */
    get: operations['adminGetPixKey'];
    /** Register a PIX key in the production directory, or replace its entry */
    put: operations['adminUpdatePixKey'];
    post?: never;
    /** Remove a PIX key from the production directory */
    delete: operations['adminDeletePixKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/rates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The stored production rates, one per directed pair (none in the sandbox) */
    get: operations['adminListRates'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/rates/{base}/{quote}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the production rate of a directed pair (audited)
     * @description Replaces the rate of `base` → `quote` (only that direction: set the other one too). Quotes priced after this use it; quotes already given keep theirs. 400 when base = quote (an asset against itself is always 1) or the rate is 0; 409 INVALID_STATE in the sandbox, whose prices follow fixed curves (docs/admin.md "Rates").
     */
    put: operations['adminUpdateRate'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/v1/rails': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every rail's state, lag, payouts waiting, and newest reconciliation
     * @description Per configured rail (docs/rails.md "Health", "Reconciliation", "PIX: daily report"): ok, lagging, node-failing, wrong-chain or psp-failing; the head and cursor; payouts by status and why queued ones wait; the jobs' recorded failures; the newest reconciliation report (PIX: a day's Pix and refunds at the PSP against the ledger, differences by endToEndId). Read from the database: a reconciliation runs in a worker (EVM hourly; PIX daily, after 01:00 America/Sao_Paulo, for the day before), or now with `cofre rails reconcile`.
     */
    get: operations['adminListRails'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
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
  adminListCustomers: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              name: string;
              /** Format: date-time */
              createdAt: string;
            }[];
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
  adminCreateCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme Pagamentos Ltda"
         *     }
         */
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            customerId: string;
            clientId: string;
            /** @description Shown only in this answer; store it safely. */
            clientSecret: string;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminGetCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        customerId: string;
      };
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
            id: string;
            name: string;
            /** Format: date-time */
            createdAt: string;
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
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
  adminListCustomerClients: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        customerId: string;
      };
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
            data: {
              id: string;
              customerId: string;
              name: string;
              environment: string;
              /** @enum {string} */
              status: 'ACTIVE' | 'DISABLED';
              secretVersion: number;
              /** Format: date-time */
              createdAt: string;
              /** Format: date-time */
              secretRotatedAt: string;
              permissions: {
                [key: string]: 'none' | 'read' | 'write';
              };
              scope: string;
              expiresAt: string | null;
              allowedNetworks: string[] | null;
              /** @description The client's own requests per minute on /v1; null: the deployment's COFRE_RATE_LIMIT_PER_MINUTE. */
              rateLimit: number | null;
              /** @description The accounts the client is bound to; null: every account of the customer. */
              accountIds: string[] | null;
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
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
  adminCreateCustomerClient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        customerId: string;
      };
      cookie?: never;
    };
    /** @description Without `permissions` the client has full access, as every client created before restrictions. */
    requestBody: {
      content: {
        'application/json': {
          /** @description Defaults to the customer's name. */
          name?: string;
          /** @description What the client may do per resource: none, read or write (write includes read); a resource not named is none. docs/api.md "Restricted clients and scopes". */
          permissions?: {
            /** @enum {string} */
            accounts?: 'none' | 'read' | 'write';
            /** @enum {string} */
            beneficiaries?: 'none' | 'read' | 'write';
            /** @enum {string} */
            operations?: 'none' | 'read' | 'write';
            /** @enum {string} */
            quotes?: 'none' | 'read' | 'write';
            /** @enum {string} */
            subscriptions?: 'none' | 'read' | 'write';
            /** @enum {string} */
            events?: 'none' | 'read' | 'write';
          };
          /**
           * Format: date-time
           * @description When the client stops working: no token after it, its tokens refused.
           */
          expiresAt?: string;
          /** @description CIDR blocks (IPv4 or IPv6; a bare address is a block of one) the client may be used from: its token requests and every request with its tokens. */
          allowedNetworks?: string[];
          /** @description Requests per minute this client may make on /v1, in place of the deployment's COFRE_RATE_LIMIT_PER_MINUTE (docs/api.md "Rate limits"). Takes effect within COFRE_CLIENT_CACHE_TTL_MS. */
          rateLimit?: number;
          /** @description The accounts of the customer this client is bound to: any other account of the customer is to it as another customer's (404), its lists hold only these accounts' rows, and it cannot open accounts. A bound client holds beneficiaries at read at most and no events or subscriptions (400 otherwise). docs/api.md "Clients bound to accounts". */
          accountIds?: string[];
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            customerId: string;
            clientId: string;
            /** @description Shown only in this answer; store it safely. */
            clientSecret: string;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminUpdateClient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        clientId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "permissions": {
         *         "accounts": "read",
         *         "operations": "write"
         *       }
         *     }
         */
        'application/json': {
          name?: string;
          permissions?: {
            /** @enum {string} */
            accounts?: 'none' | 'read' | 'write';
            /** @enum {string} */
            beneficiaries?: 'none' | 'read' | 'write';
            /** @enum {string} */
            operations?: 'none' | 'read' | 'write';
            /** @enum {string} */
            quotes?: 'none' | 'read' | 'write';
            /** @enum {string} */
            subscriptions?: 'none' | 'read' | 'write';
            /** @enum {string} */
            events?: 'none' | 'read' | 'write';
          } | null;
          expiresAt?: string | null;
          allowedNetworks?: string[] | null;
          rateLimit?: number | null;
          accountIds?: string[] | null;
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
          'application/json': {
            id: string;
            customerId: string;
            name: string;
            environment: string;
            /** @enum {string} */
            status: 'ACTIVE' | 'DISABLED';
            secretVersion: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            secretRotatedAt: string;
            permissions: {
              [key: string]: 'none' | 'read' | 'write';
            };
            scope: string;
            expiresAt: string | null;
            allowedNetworks: string[] | null;
            /** @description The client's own requests per minute on /v1; null: the deployment's COFRE_RATE_LIMIT_PER_MINUTE. */
            rateLimit: number | null;
            /** @description The accounts the client is bound to; null: every account of the customer. */
            accountIds: string[] | null;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminRotateClientSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        clientId: string;
      };
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
            clientId: string;
            /** @description Shown only in this answer; store it safely. */
            clientSecret: string;
            secretVersion: number;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminDisableClient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        clientId: string;
      };
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
            id: string;
            customerId: string;
            name: string;
            environment: string;
            /** @enum {string} */
            status: 'ACTIVE' | 'DISABLED';
            secretVersion: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            secretRotatedAt: string;
            permissions: {
              [key: string]: 'none' | 'read' | 'write';
            };
            scope: string;
            expiresAt: string | null;
            allowedNetworks: string[] | null;
            /** @description The client's own requests per minute on /v1; null: the deployment's COFRE_RATE_LIMIT_PER_MINUTE. */
            rateLimit: number | null;
            /** @description The accounts the client is bound to; null: every account of the customer. */
            accountIds: string[] | null;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminEnableClient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        clientId: string;
      };
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
            id: string;
            customerId: string;
            name: string;
            environment: string;
            /** @enum {string} */
            status: 'ACTIVE' | 'DISABLED';
            secretVersion: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            secretRotatedAt: string;
            permissions: {
              [key: string]: 'none' | 'read' | 'write';
            };
            scope: string;
            expiresAt: string | null;
            allowedNetworks: string[] | null;
            /** @description The client's own requests per minute on /v1; null: the deployment's COFRE_RATE_LIMIT_PER_MINUTE. */
            rateLimit: number | null;
            /** @description The accounts the client is bound to; null: every account of the customer. */
            accountIds: string[] | null;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminGetPaymentInstruction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instructionId: string;
      };
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
            customerId: string;
            beneficiaryId: string;
            instruction: components['schemas']['PaymentInstruction'];
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
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
  adminApprovePaymentInstruction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instructionId: string;
      };
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
            customerId: string;
            beneficiaryId: string;
            instruction: components['schemas']['PaymentInstruction'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminRejectPaymentInstruction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        instructionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": {
         *         "code": "COMPLIANCE_REJECTED",
         *         "message": "Refused after compliance review."
         *       }
         *     }
         */
        'application/json': {
          reason: {
            /** @example COMPLIANCE_REJECTED */
            code: string;
            message: string;
          };
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
          'application/json': {
            customerId: string;
            beneficiaryId: string;
            instruction: components['schemas']['PaymentInstruction'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminGetAccount: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            customerId: string;
            account: components['schemas']['Account'];
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
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
  adminActivateAccountAsset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        accountId: string;
        /** @description Asset code. */
        asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      };
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
            customerId: string;
            account: components['schemas']['Account'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminFailAccountAsset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        accountId: string;
        /** @description Asset code. */
        asset: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": {
         *         "code": "COMPLIANCE_REJECTED",
         *         "message": "Refused after compliance review."
         *       }
         *     }
         */
        'application/json': {
          reason: {
            /** @example COMPLIANCE_REJECTED */
            code: string;
            message: string;
          };
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
          'application/json': {
            customerId: string;
            account: components['schemas']['Account'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminFreezeAccount: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            customerId: string;
            account: components['schemas']['Account'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminUnfreezeAccount: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            customerId: string;
            account: components['schemas']['Account'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminGetOperation: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            customerId: string;
            operation: components['schemas']['Operation'];
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
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
  adminReceiveOperation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": "99.50"
         *     }
         */
        'application/json': {
          /**
           * @description What arrived and is credited, when it differs from the requested amount (decimal string, the asset's rules). Defaults to the requested amount.
           * @example 99.50
           */
          amount?: string;
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
          'application/json': {
            customerId: string;
            operation: components['schemas']['Operation'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminCompleteOperation: {
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            customerId: string;
            operation: components['schemas']['Operation'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminFailOperation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": {
         *         "code": "COMPLIANCE_REJECTED",
         *         "message": "Refused after compliance review."
         *       }
         *     }
         */
        'application/json': {
          reason: {
            /** @example COMPLIANCE_REJECTED */
            code: string;
            message: string;
          };
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
          'application/json': {
            customerId: string;
            operation: components['schemas']['Operation'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminReverseOperation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        operationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": {
         *         "code": "COMPLIANCE_REJECTED",
         *         "message": "Refused after compliance review."
         *       }
         *     }
         */
        'application/json': {
          reason: {
            /** @example COMPLIANCE_REJECTED */
            code: string;
            message: string;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            customerId: string;
            operation: components['schemas']['Operation'];
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      422: {
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
  adminListAuditLog: {
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
        action?:
          | 'CUSTOMER_CREATED'
          | 'CLIENT_CREATED'
          | 'CLIENT_SECRET_ROTATED'
          | 'CLIENT_DISABLED'
          | 'CLIENT_ENABLED'
          | 'CLIENT_UPDATED'
          | 'PAYMENT_INSTRUCTION_APPROVED'
          | 'PAYMENT_INSTRUCTION_REJECTED'
          | 'ACCOUNT_ASSET_ACTIVATED'
          | 'ACCOUNT_ASSET_FAILED'
          | 'ACCOUNT_FROZEN'
          | 'ACCOUNT_UNFROZEN'
          | 'DEPOSIT_RECEIVED'
          | 'OPERATION_COMPLETED'
          | 'OPERATION_FAILED'
          | 'OPERATION_REVERSED'
          | 'PIX_KEY_SET'
          | 'PIX_KEY_REMOVED'
          | 'EXCHANGE_RATE_SET';
        subjectId?: string;
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @example adm_01JD0000000000000000000000 */
              id: string;
              /** @description X-Admin-Actor of the request, or "admin". */
              actor: string;
              /** @enum {string} */
              action:
                | 'CUSTOMER_CREATED'
                | 'CLIENT_CREATED'
                | 'CLIENT_SECRET_ROTATED'
                | 'CLIENT_DISABLED'
                | 'CLIENT_ENABLED'
                | 'CLIENT_UPDATED'
                | 'PAYMENT_INSTRUCTION_APPROVED'
                | 'PAYMENT_INSTRUCTION_REJECTED'
                | 'ACCOUNT_ASSET_ACTIVATED'
                | 'ACCOUNT_ASSET_FAILED'
                | 'ACCOUNT_FROZEN'
                | 'ACCOUNT_UNFROZEN'
                | 'DEPOSIT_RECEIVED'
                | 'OPERATION_COMPLETED'
                | 'OPERATION_FAILED'
                | 'OPERATION_REVERSED'
                | 'PIX_KEY_SET'
                | 'PIX_KEY_REMOVED'
                | 'EXCHANGE_RATE_SET';
              /** @enum {string} */
              subjectType:
                | 'CUSTOMER'
                | 'CLIENT'
                | 'PAYMENT_INSTRUCTION'
                | 'ACCOUNT'
                | 'OPERATION'
                | 'PIX_KEY'
                | 'EXCHANGE_RATE';
              subjectId: string;
              before: {
                [key: string]: unknown;
              } | null;
              after: {
                [key: string]: unknown;
              } | null;
              requestId: string;
              /** Format: date-time */
              createdAt: string;
            }[];
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
  adminListPaymentInstructions: {
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
        /** @description Only instructions in this review state (PENDING_REVIEW: the review queue). */
        status?: 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED';
        /** @description Only this customer's instructions. */
        customerId?: string;
        /** @description Only this beneficiary's instructions. */
        beneficiaryId?: string;
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              customerId: string;
              beneficiaryId: string;
              holder: {
                /** @enum {string} */
                type: 'INDIVIDUAL' | 'COMPANY';
                name: string;
                /** @description CPF or CNPJ, as stored (no punctuation). */
                taxId: string;
              };
              /** @enum {string} */
              relationshipType: 'SELF_OWNED' | 'THIRD_PARTY';
              /** @description When the customer removed the instruction; null while it is live. */
              removedAt: string | null;
              instruction: components['schemas']['PaymentInstruction'];
            }[];
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
  adminListOperations: {
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
        /** @description Only this status. */
        status?: 'REQUESTED' | 'PROCESSING' | 'COMPLETED' | 'FAILED';
        /** @description Only this type. */
        type?:
          | 'DEPOSIT'
          | 'WITHDRAWAL'
          | 'SWAP'
          | 'ORDER'
          | 'PIX_PAYMENT'
          | 'TRANSFER'
          | 'PIX_REFUND'
          | 'REVERSAL';
        /** @description Only this customer's operations. */
        customerId?: string;
        /** @description Only this account's operations (a transfer shows under both its accounts). */
        accountId?: string;
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              customerId: string;
              operation: components['schemas']['Operation'];
            }[];
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
  adminListAccounts: {
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
        status?: 'OPENING' | 'ACTIVE' | 'FROZEN' | 'CLOSED';
        /** @description Only this customer's accounts. */
        customerId?: string;
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
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              customerId: string;
              account: components['schemas']['Account'];
            }[];
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
  adminGetJobStats: {
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
            /** @description COFRE_METRICS_OVERDUE_MS, in seconds. */
            overdueAfterSeconds: number;
            /** @description True when a state held more jobs than the read counts (10,000): its counts are lower bounds; `cofre jobs stats` counts them exactly. */
            truncated: boolean;
            /** @description Every job kind, in a fixed order, zeros included. */
            kinds: {
              /** @enum {string} */
              kind:
                | 'webhook.attempt'
                | 'webhook.fanout'
                | 'webhook.resend'
                | 'webhook.subscription.disable'
                | 'sandbox.account.activate'
                | 'sandbox.instruction.review'
                | 'operation.deposit.expire'
                | 'sandbox.deposit.pay'
                | 'sandbox.withdrawal.process'
                | 'sandbox.withdrawal.settle'
                | 'sandbox.operation.process'
                | 'sandbox.operation.settle'
                | 'operation.order.check'
                | 'webhook.events.retention'
                | 'rail.evm.watch'
                | 'rail.evm.payouts'
                | 'rail.evm.sweep'
                | 'rail.evm.reconcile'
                | 'rail.pix.charges'
                | 'rail.pix.inbound'
                | 'rail.pix.window'
                | 'rail.pix.refunds'
                | 'rail.pix.payouts'
                | 'rail.pix.report';
              /** @description Claimable now (lease-expired ones included). */
              due: number;
              /** @description Due for longer than overdueAfterSeconds. */
              overdue: number;
              /** @description Due again because a lease ran out unfinished (a worker died or ran over). */
              leaseExpired: number;
              /** @description When the longest-waiting due job became due; null when none is due. */
              oldestDueAt: string | null;
              /** @description Due later (a retry delay, a lifecycle step, a backoff). */
              scheduled: number;
              /** @description Running: a worker holds them. */
              leased: number;
              /** @description Failed their last allowed time, kept for an operator (`cofre jobs retry`). */
              parked: number;
            }[];
            total: {
              /** @description Claimable now (lease-expired ones included). */
              due: number;
              /** @description Due for longer than overdueAfterSeconds. */
              overdue: number;
              /** @description Due again because a lease ran out unfinished (a worker died or ran over). */
              leaseExpired: number;
              /** @description When the longest-waiting due job became due; null when none is due. */
              oldestDueAt: string | null;
              /** @description Due later (a retry delay, a lifecycle step, a backoff). */
              scheduled: number;
              /** @description Running: a worker holds them. */
              leased: number;
              /** @description Failed their last allowed time, kept for an operator (`cofre jobs retry`). */
              parked: number;
            };
            /** @description Webhook delivery at a glance, from the webhook.* kinds above. */
            deliveries: {
              /** @description Messages waiting for an automatic attempt (webhook.attempt jobs due, scheduled or running), as cofre_webhook_messages_pending. */
              pendingMessages: number;
              overdueAttempts: number;
              /** @description When the longest-waiting due attempt became due. */
              oldestDueAt: string | null;
              /** @description webhook.attempt jobs parked. */
              parkedAttempts: number;
              /** @description webhook.resend jobs parked. */
              parkedResends: number;
            };
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
      /** @description Problem (RFC 9457) */
      401: {
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
  adminGetPixKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example maria@example.com */
        key: string;
      };
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
            /** @enum {string} */
            keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
            key: string;
            holder: {
              /** @enum {string} */
              type: 'INDIVIDUAL' | 'COMPANY';
              name: string;
              taxId: string;
            };
            bank: {
              ispb: string;
              name: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
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
  adminUpdatePixKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example maria@example.com */
        key: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "holder": {
         *         "type": "INDIVIDUAL",
         *         "name": "Maria da Silva",
         *         "taxId": "529.982.247-25"
         *       },
         *       "bank": {
         *         "ispb": "18236120",
         *         "name": "Nu Pagamentos S.A."
         *       }
         *     }
         */
        'application/json': {
          holder: {
            /** @enum {string} */
            type: 'INDIVIDUAL' | 'COMPANY';
            name: string;
            /** @description CPF for an INDIVIDUAL, CNPJ for a COMPANY (check digits verified). */
            taxId: string;
          };
          bank?: {
            ispb: string;
            name: string;
          };
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
          'application/json': {
            /** @enum {string} */
            keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
            key: string;
            holder: {
              /** @enum {string} */
              type: 'INDIVIDUAL' | 'COMPANY';
              name: string;
              taxId: string;
            };
            bank: {
              ispb: string;
              name: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            keyType: 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';
            key: string;
            holder: {
              /** @enum {string} */
              type: 'INDIVIDUAL' | 'COMPANY';
              name: string;
              taxId: string;
            };
            bank: {
              ispb: string;
              name: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      /** @description No such resource for this customer (RESOURCE_NOT_FOUND). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminDeletePixKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example maria@example.com */
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The request body is larger than this endpoint accepts. */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description The body is not application/json, or its Content-Encoding is not supported. */
      415: {
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
  adminListRates: {
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
              /** @example 5.4312 */
              rate: string;
              /** Format: date-time */
              updatedAt: string;
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
      /** @description Problem (RFC 9457) */
      401: {
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
  adminUpdateRate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Asset code. */
        base: 'BRL' | 'USDT' | 'USDC' | 'BTC';
        /** @description Asset code. */
        quote: 'BRL' | 'USDT' | 'USDC' | 'BTC';
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "rate": "5.4312"
         *     }
         */
        'application/json': {
          /**
           * @description `quote` per 1 `base`, spread included: what a customer selling `base` gets. Decimal string > 0, at most 12 decimals.
           * @example 5.4312
           */
          rate: string;
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
          'application/json': {
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
            /** @example 5.4312 */
            rate: string;
            /** Format: date-time */
            updatedAt: string;
          };
        };
      };
      /** @description Problem (RFC 9457) */
      400: {
        headers: {
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
      /** @description No such resource for this customer (RESOURCE_NOT_FOUND). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description A path parameter is longer than any identifier of this API (URI_TOO_LONG). */
      414: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/problem+json': components['schemas']['Problem'];
        };
      };
      /** @description Problem (RFC 9457) */
      415: {
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
  adminListRails: {
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
            /** @description Every configured rail; none in the sandbox. */
            rails: {
              /** @description e.g. evm:ETHEREUM */
              name: string;
              network: string;
              /** @enum {string} */
              state: 'ok' | 'lagging' | 'node-failing' | 'wrong-chain' | 'psp-failing';
              /** @description The node's head at the watcher's last run. */
              head: number | null;
              /** @description When the watcher last saw the head. */
              headSeenAt: string | null;
              /** @description The last block the watcher read. */
              cursor: number | null;
              /** @description head − cursor. */
              lagBlocks: number | null;
              confirmations: number;
              /** @description Payouts by status. */
              payouts: {
                [key: string]: number;
              };
              /** @description Queued payouts that wait, by why: the hot wallet lacks TOKENS, GAS, or has NO_KEY. */
              waiting: {
                TOKENS: number;
                GAS: number;
                NO_KEY: number;
              };
              /** @description The rail's jobs (EVM: watch, payouts; PIX: charges, inbound, window). */
              jobs: {
                [key: string]: {
                  /** @description Consecutive failed runs; 0 when the last run worked. */
                  failures: number;
                  /** @description The last failed run's error ("WrongChainError: …" for a node on another chain). */
                  lastError: string | null;
                  /** @description When that run failed. */
                  lastErrorAt: string | null;
                };
              };
              /** @description PIX: work waiting — `charges` to create at the PSP, webhook `notifications` to read back, `refunds` not final yet, `windowLagMs` (how far the reconciliation window is behind). */
              backlog?: {
                [key: string]: number;
              };
              /** @description The newest reconciliation (EVM: the hourly job's; PIX: the daily report's; or `cofre rails reconcile`'s). */
              reconciliation: {
                id: string;
                /** Format: date-time */
                at: string;
                /** @enum {string} */
                outcome: 'MATCHED' | 'DIFFERENT' | 'NOT_COMPARED';
                /** @description Why NOT_COMPARED. */
                reason: string | null;
                /** @description The block the chain was read at (the watcher's cursor); null for PIX. */
                block: number | null;
                /** @description EVM: per token; empty for PIX. */
                assets: {
                  asset: string;
                  /** @description The token contract. */
                  token: string;
                  ledger: {
                    /** @description Customers' balances of the asset (available + pending): what is owed. */
                    customers: string;
                    /** @description The house's own position in the asset (fees, the desk), for reading a positive difference. */
                    house: string;
                    /** @description customers + house. */
                    total: string;
                  };
                  /** @description Transfers seen on chain, not credited yet (waiting for confirmations). */
                  arriving: string;
                  /** @description Payouts mined by the block read whose withdrawals are not final yet. */
                  leaving: string;
                  /** @description Tokens on chain no balance holds: uncreditable transfers, remainders below a minor unit. */
                  unattributed: string;
                  /** @description customers + arriving − leaving + unattributed. */
                  expected: string;
                  held: {
                    /** @description Σ the token's balance of every cofre deposit address. */
                    depositAddresses: string;
                    /** @description The hot wallet's balance. */
                    hotWallet: string;
                    /** @description depositAddresses + hotWallet. */
                    total: string;
                  };
                  /** @description held.total − expected, exact. Positive: more on chain than customers are owed. */
                  difference: string;
                  /** @description The difference in minor units (an integer). */
                  differenceMinor: string;
                }[];
                /** @description PIX: the daily report (absent for other rails and when NOT_COMPARED). */
                pix?: {
                  /** @description The SPI day, YYYY-MM-DD in America/Sao_Paulo (UTC−03:00). */
                  day: string;
                  /**
                   * Format: date-time
                   * @description GET /pix's inicio for the day.
                   */
                  from: string;
                  /**
                   * Format: date-time
                   * @description GET /pix's fim (inclusive).
                   */
                  to: string;
                  psp: {
                    count: number;
                    /** @description Σ the Pix the PSP lists for the day. */
                    received: string;
                    /** @description Σ their devoluções DEVOLVIDO. */
                    refunded: string;
                  };
                  ledger: {
                    count: number;
                    /** @description Σ the Pix cofre recorded. */
                    recorded: string;
                    /** @description Σ those credited to a deposit that completed. */
                    credited: string;
                    /** @description Σ the refunds of them cofre completed. */
                    refunded: string;
                  };
                  /** @description (psp.received − psp.refunded) − (ledger.credited − ledger.refunded); positive: money at the PSP no balance holds. */
                  difference: string;
                  /** @description The difference in centavos (an integer). */
                  differenceMinor: string;
                  /** @description How far the reconciliation window had read the PSP when the report ran. */
                  windowReadTo: string | null;
                  /** @description Every difference, by endToEndId. */
                  differences: {
                    /**
                     * @description IN_PSP_NOT_IN_LEDGER, IN_LEDGER_NOT_IN_PSP, AMOUNT_DIFFERS, NOT_CREDITED (recorded, no balance holds it), REFUND_DIFFERS, UNREQUESTED_REFUND (a devolução cofre did not ask for, e.g. MED).
                     * @enum {string}
                     */
                    kind:
                      | 'IN_PSP_NOT_IN_LEDGER'
                      | 'IN_LEDGER_NOT_IN_PSP'
                      | 'AMOUNT_DIFFERS'
                      | 'NOT_CREDITED'
                      | 'REFUND_DIFFERS'
                      | 'UNREQUESTED_REFUND';
                    /** @description The Pix the difference is about. */
                    endToEndId: string;
                    /** @description The PSP's amount (the Pix's or the devolução's); null when the PSP has none. */
                    psp: string | null;
                    /** @description cofre's amount; null when cofre recorded none. */
                    ledger: string | null;
                    /** @description The devolução a refund difference is about. */
                    devolucaoId: string | null;
                    /** @description The deposit credited, or the refund operation. */
                    operationId: string | null;
                    detail: string;
                  }[];
                };
              } | null;
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
      /** @description Problem (RFC 9457) */
      401: {
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
}
