import { CREDITS_PER_CALL, CREDITS_PER_NOTIFICATION } from './credits';
import {
  AUTOSCALING_PREMIUM_PERCENT,
  CRYPTO_CONFIRMATION_MINUTES,
  LIST_LIMIT,
  LIST_PAGING_PARAMETERS,
  REFUND_DAYS,
  SECURE_URL_TPS,
  WEBHOOK_ACK_SECONDS,
  WEBHOOK_ADDRESSES_IN_MODAL,
  WEBHOOK_ADDRESSES_VIA_API,
  WEBHOOK_CHANGE_MINUTES,
} from './faq-facts';
import {
  creditCostFigures,
  creditQuotaSentence,
  joinNames,
  keyLimitSentence,
  planListSentence,
  priceSentence,
  rateLimitSentence,
  webSocketLimitSentence,
} from './faq-figures';
import { type CatalogPlan, planCatalog } from './plan-catalog';
import { NETWORK_FACTS } from './networks';
import { PUBLIC_METHODS } from './rpc-method-registry';
import { MAX_WEBSOCKET_MESSAGE_BYTES, WEBSOCKET_CLOSES, WEBSOCKET_PING_SECONDS } from './websocket-protocol';

/**
 * The support FAQ (SPEC.md "/support"): its seven sections, in SPEC.md's order and words, and the
 * answers, written from SPEC.md §9's facts and from what the gateway really does (its refusals are
 * in server/gateway/rpc-errors.ts). Plan figures come from the plan table the server enforces.
 */

export const FAQ_SECTION_TITLES = [
  'Subscriptions & Billing',
  'Limits & Endpoints',
  'RPC',
  'Dedicated Nodes & gRPC',
  'Websocket & Webhooks',
  'Berachain RPC APIs',
  'Error Codes',
] as const;

export type FaqSectionTitle = (typeof FAQ_SECTION_TITLES)[number];

/** A paragraph, or a bulleted list of short lines. */
export type FaqBlock = string | readonly string[];

export interface FaqItem {
  /** Unique within its section: the accordion's value. */
  readonly id: string;
  readonly question: string;
  readonly answer: readonly FaqBlock[];
}

export interface FaqSection {
  readonly id: string;
  readonly title: FaqSectionTitle;
  readonly items: readonly FaqItem[];
}

const number = new Intl.NumberFormat('en-US');
const paging = joinNames(LIST_PAGING_PARAMETERS);

function billing(plans: readonly CatalogPlan[]): FaqItem[] {
  return [
    {
      id: 'plans',
      question: 'Which plans are there, and what do they cost?',
      answer: [
        `${planListSentence(plans)} Prices: ${priceSentence(plans)}`,
        `Each plan includes a monthly credit quota: ${creditQuotaSentence(plans)}`,
      ],
    },
    {
      id: 'upgrade',
      question: 'How do I upgrade my plan?',
      answer: [
        "On Billing, choose Upgrade on a plan above yours, then Pay with Card: you pay on the card payment provider's page and come back to the dashboard. The new plan applies as soon as the payment is received, with its limits and a fresh credit count.",
      ],
    },
    {
      id: 'manage',
      question: 'How do I change my card, get invoices or cancel?',
      answer: [
        "Billing lists your invoices. Manage billing, on the Payment Management card, opens the payment provider's customer portal, where you can change your card, download invoices or cancel. A cancelled plan stays until the end of the period you paid for; then the account is back on Free.",
      ],
    },
    {
      id: 'refunds',
      question: 'Can I get a refund?',
      answer: [
        `Write to support (Chat Support, Discord or Telegram above) with the invoice number and the reason. Refund requests are evaluated within ${REFUND_DAYS} days.`,
      ],
    },
    {
      id: 'crypto',
      question: 'Can I pay with crypto?',
      answer: [
        `Plans are paid by card. Dedicated nodes can be paid by card or in crypto (USDC); a crypto payment can take up to ${CRYPTO_CONFIRMATION_MINUTES} minutes to be confirmed.`,
      ],
    },
    {
      id: 'enterprise',
      question: 'What does Enterprise include?',
      answer: [
        'Limits set for you, billed by contract: Enterprise has no fixed rate limit, credit quota or key limit. Use Contact sales on Billing to talk to us.',
      ],
    },
  ];
}

function limits(plans: readonly CatalogPlan[]): FaqItem[] {
  return [
    {
      id: 'rate-limits',
      question: 'What are the rate limits?',
      answer: [
        `Per account, shared by all its API keys: ${rateLimitSentence(plans)}`,
        'Each entry of a JSON-RPC batch counts as one request. A batch goes through whole while your account has a request left in the current second, even when it has more entries than your rate; the requests it took beyond what was left are paid back, at your rate, before your next call goes. Above the limit the gateway answers HTTP 429 (error code -32005) with a Retry-After header in seconds. Answers carry X-RateLimit-Limit and X-RateLimit-Remaining, so a client can slow down before it is refused.',
      ],
    },
    {
      id: 'credits',
      question: 'How are credits counted?',
      answer: [
        `Each call costs credits by method: ${creditCostFigures(CREDITS_PER_CALL)}. The X-Credits-Used header of each answer says what it cost. Only calls the node answered are charged: refused and rate-limited calls cost nothing.`,
        `The monthly quota: ${creditQuotaSentence(plans)} The count starts again with each billing cycle (on Free, monthly from signup). Usage shows what you have used.`,
      ],
    },
    {
      id: 'keys',
      question: 'How many API keys can I create?',
      answer: [`${keyLimitSentence(plans)} All keys of an account share its rate limit and credits.`],
    },
    {
      id: 'secure-urls',
      question: 'Are secure RPC URLs rate-limited?',
      answer: [
        `Yes: secure RPC URLs are rate-limited by IP address at ${SECURE_URL_TPS} TPS (transactions per second), whatever your plan. For more, call your RPC URL with its API key from your own servers, where your plan's rate limit applies.`,
      ],
    },
    {
      id: 'autoscaling',
      question: 'What is autoscaling?',
      answer: [
        `Autoscaling lets a paid plan go beyond its limits instead of being refused; that extra usage is billed at a ${AUTOSCALING_PREMIUM_PERCENT}% premium. Free plans cannot use autoscaling.`,
      ],
    },
    {
      id: 'list-limit',
      question: 'How many results does a list API return?',
      answer: [`At most ${number.format(LIST_LIMIT)} results per request. Page through longer lists with the ${paging} parameters.`],
    },
  ];
}

const rpc: FaqItem[] = [
  {
    id: 'call',
    question: 'How do I call the RPC endpoint?',
    answer: [
      'Send a JSON-RPC 2.0 request with HTTP POST to your RPC URL, shown on API Keys & Endpoints with a Mainnet/Devnet switch. It ends in /v1/mainnet/ or /v1/devnet/ followed by your API key. For example, the body {"jsonrpc":"2.0","method":"eth_blockNumber","id":1,"params":[]} answers the latest block number.',
      'Any Ethereum library (ethers, viem, web3.js) or curl works: give it the RPC URL.',
    ],
  },
  {
    id: 'batches',
    question: 'Can I send batch requests?',
    answer: [
      'Yes: send a JSON array of requests. A batch is served or refused whole, and each entry counts as one request and costs its own credits; answers come back in the order of the entries.',
    ],
  },
  {
    id: 'playground',
    question: 'Can I try a call without writing code?',
    answer: [
      'RPC Testing runs a method of your choice with your first API key and shows the JSON answer, its time in ms and its size in bytes.',
    ],
  },
  {
    id: 'access-control',
    question: 'Can I restrict who uses my API key?',
    answer: [
      'Yes: Access Control on the Endpoints page takes allowed domains (checked against the Origin header), allowed IP addresses and allowed CIDR ranges. A call from anywhere else is refused with HTTP 403.',
    ],
  },
];

const dedicatedNodes: FaqItem[] = [
  {
    id: 'what',
    question: 'What is a dedicated node?',
    answer: [
      'A node that serves only you, with no shared limits. You choose it on Dedicated Nodes: monthly or yearly billing, node type, location, client (Agave or Jito), Geyser plugin and payment method.',
      'No node types are available at the moment, so dedicated nodes cannot be ordered yet.',
    ],
  },
  {
    id: 'grpc',
    question: 'Is gRPC streaming available?',
    answer: [
      'gRPC streaming comes with the Yellowstone Geyser plugin, a free option of a dedicated node. The shared RPC endpoints serve JSON-RPC over HTTP only.',
    ],
  },
  {
    id: 'payment',
    question: 'How do I pay for a dedicated node?',
    answer: [
      `By card, or in crypto (USDC). A crypto payment can take up to ${CRYPTO_CONFIRMATION_MINUTES} minutes to be confirmed; the order goes ahead once it is.`,
    ],
  },
];

const websocketAndWebhooks = (plans: readonly CatalogPlan[]): FaqItem[] => [
  {
    id: 'websocket',
    question: 'Is there a WebSocket endpoint?',
    answer: [
      'Yes: your RPC URL takes WebSocket connections too, as wss://{host}/api/v1/{mainnet|devnet}/{API key} (the Standard Websocket URL on the Endpoints page). Send any method of the HTTP endpoint over it, and subscribe with eth_subscribe to newHeads, logs (with an address and topics filter) or newPendingTransactions; eth_unsubscribe ends a subscription.',
      `A request costs what it costs over HTTP. Each notification delivered costs ${CREDITS_PER_NOTIFICATION} credits, a standard call's, and shows on the Usage page as eth_subscription.`,
      `Limits per plan: ${webSocketLimitSentence(plans)} A message may be up to ${MAX_WEBSOCKET_MESSAGE_BYTES / 1024 / 1024} MiB. The server pings every ${WEBSOCKET_PING_SECONDS} seconds and closes a connection that does not answer (code ${WEBSOCKET_CLOSES.idle.code}); it also closes one that reads too slowly (${WEBSOCKET_CLOSES.tooSlow.code}), one whose key was deleted (${WEBSOCKET_CLOSES.keyRevoked.code}) and all of them when the credits run out (${WEBSOCKET_CLOSES.quotaUsedUp.code}, after a quota error). viem and ethers connect again by themselves.`,
    ],
  },
  {
    id: 'addresses',
    question: 'How many addresses can a webhook watch?',
    answer: [
      `Up to ${WEBHOOK_ADDRESSES_IN_MODAL} addresses in the Configure Webhook form, and up to ${number.format(WEBHOOK_ADDRESSES_VIA_API)} through the API.`,
    ],
  },
  {
    id: 'changes',
    question: 'How long does a webhook change take?',
    answer: [`Up to ${WEBHOOK_CHANGE_MINUTES} minutes after you save it.`],
  },
  {
    id: 'acknowledge',
    question: 'What must my webhook endpoint answer?',
    answer: [
      `It must acknowledge each delivery with a 2xx HTTP status within ${WEBHOOK_ACK_SECONDS} seconds, so do slow work after answering.`,
      'The Webhooks page is a preview for now: webhooks made there are not saved, and no events are delivered yet.',
    ],
  },
];

const berachain: FaqItem[] = [
  {
    id: 'networks',
    question: 'Which networks can I use?',
    answer: [
      `Berachain mainnet (chain id ${NETWORK_FACTS.mainnet.chainId}) and devnet, the Bepolia test network (chain id ${NETWORK_FACTS.devnet.chainId}). The same API key works on both; eth_chainId tells which one answered.`,
    ],
  },
  {
    id: 'methods',
    question: 'Which methods are supported?',
    answer: [
      `The ${PUBLIC_METHODS.length} public Ethereum JSON-RPC methods of the eth_, net_ and web3_ namespaces:`,
      [
        'chain, fees and node facts (eth_chainId, eth_blockNumber, eth_gasPrice, eth_feeHistory...)',
        'accounts, state, blocks and transactions (eth_getBalance, eth_getBlockByNumber, eth_getTransactionReceipt...)',
        'simulation and sending (eth_call, eth_estimateGas, eth_sendRawTransaction)',
        'logs and filters (eth_getLogs, eth_newFilter, eth_getFilterChanges...)',
      ],
    ],
  },
  {
    id: 'refused',
    question: 'Why is eth_sendTransaction, eth_accounts or debug_traceTransaction refused?',
    answer: [
      "The nodes are shared and hold no accounts of yours: sign transactions yourself and send them with eth_sendRawTransaction. The nodes' control and debugging namespaces (debug_, trace_, txpool_, admin_...) are not served either. Such calls get HTTP 403 with a message saying why.",
    ],
  },
  {
    id: 'enhanced',
    question: 'Are there enhanced APIs?',
    answer: [
      'Parse Transaction(s) and Parse Transaction History, which turn transactions into readable ones, are listed on the Endpoints page but not available yet.',
    ],
  },
];

const errorCodes: FaqItem[] = [
  {
    id: '401',
    question: '401 Unauthorized',
    answer: [
      'The API key in the URL is not one of this service\'s keys (error code -32001, "Invalid API key"): it was mistyped, cut short or deleted. Copy it again from API Keys & Endpoints.',
    ],
  },
  {
    id: '402',
    question: '402 Payment Required',
    answer: [
      'Your account has used its monthly credit quota (error code -32005, "limit exceeded", with data.limit "quota" and the cycle\'s end in data.cycleEnd). Calls are refused until the next billing cycle starts the quota again; upgrade on Billing to go on before then. It is not a rate limit: retrying sooner does not help, so the gateway sends no Retry-After.',
    ],
  },
  {
    id: '403',
    question: '403 Forbidden',
    answer: [
      'The key is valid but this call is not allowed. Either your RPC Access Control refused it (error code -32002, "Not allowed"): the request\'s Origin is not one of your allowed domains, or its IP address is not among your allowed IPs or CIDR ranges; the message says which, and the lists are on the Endpoints page. Or the method is not served on the shared nodes (error code -32601), such as eth_sendTransaction, eth_accounts or the debug_ and trace_ namespaces: the message says why.',
    ],
  },
  {
    id: '429',
    question: '429 Too Many Requests',
    answer: [
      'Your account sent more requests per second than its plan allows (error code -32005, "limit exceeded", with data.limit "rate"): wait for the seconds of the Retry-After header and spread your calls, or upgrade. When its monthly credit quota is used up, the answer is HTTP 402 with the same error code and data.limit "quota": the message says when the next billing cycle starts it again; upgrade on Billing to go on before then. viem and ethers show both as limit errors.',
      'When you generate an API key, 429 means you already have the most keys your plan allows.',
    ],
  },
  {
    id: '500',
    question: '500 Internal Server Error',
    answer: [
      'The call failed on our side (error code -32603). Retry after a short wait, with a growing delay; if it keeps failing, contact support with the time of the call. A 502 or 504 (same error code) means the network node could not be reached or did not answer in time; such calls are not charged.',
    ],
  },
  {
    id: 'execution-reverted',
    question: 'execution reverted',
    answer: [
      "The node ran your call and the contract refused it (EVM revert), typically in eth_call or eth_estimateGas: a require failed, or the sender, value or arguments are not what the contract accepts. The error's data field holds the revert reason or custom error; decode it with the contract's ABI. The gateway passes the node's answer on unchanged.",
    ],
  },
  {
    id: 'nonce-too-low',
    question: "'nonce too low'",
    answer: [
      "The transaction's nonce was already used by a mined transaction of the same account, for example when a signed transaction is sent twice or two senders share one account. Read the next nonce with eth_getTransactionCount(address, 'pending'), then sign and send again.",
    ],
  },
];

const titleIds: Readonly<Record<FaqSectionTitle, string>> = {
  'Subscriptions & Billing': 'billing',
  'Limits & Endpoints': 'limits',
  RPC: 'rpc',
  'Dedicated Nodes & gRPC': 'dedicated-nodes',
  'Websocket & Webhooks': 'websocket-webhooks',
  'Berachain RPC APIs': 'berachain',
  'Error Codes': 'error-codes',
};

/** The FAQ, its plan figures read from `plans` (the server's plan table unless a test gives another). */
export function faqSections(plans: readonly CatalogPlan[] = planCatalog): FaqSection[] {
  const items: Readonly<Record<FaqSectionTitle, readonly FaqItem[]>> = {
    'Subscriptions & Billing': billing(plans),
    'Limits & Endpoints': limits(plans),
    RPC: rpc,
    'Dedicated Nodes & gRPC': dedicatedNodes,
    'Websocket & Webhooks': websocketAndWebhooks(plans),
    'Berachain RPC APIs': berachain,
    'Error Codes': errorCodes,
  };
  return FAQ_SECTION_TITLES.map((title) => ({ id: titleIds[title], title, items: items[title] }));
}
