import { WEBSOCKET_CLOSES, type WebSocketClose } from '@/domain/websocket-protocol';

/** How the gateway closes a client's WebSocket: the table of src/domain/websocket-protocol.ts. */
export const closeCodes = WEBSOCKET_CLOSES;

export type CloseReason = WebSocketClose;
