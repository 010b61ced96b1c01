/** The request line and headers of a WebSocket upgrade, as the fan-out process needs them. */
export interface UpgradeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** One flush: each group's messages, in order (a group's sockets get the same bytes). */
export type SocketFlush = ReadonlyArray<readonly [group: number, messages: readonly string[]]>;

/** What the venue's process sends the market sockets' fan-out process. */
export type SocketFanOutMessage =
  | readonly ['open', id: number, request: UpgradeRequest, head: Uint8Array]
  | readonly ['upgrade', id: number]
  | readonly ['send', id: number, message: string]
  | readonly ['close', id: number, code: number, reason: string]
  /** The socket's flushes are its group's from now on (-1: none). */
  | readonly ['join', id: number, group: number]
  | readonly ['flush', groups: SocketFlush];

/**
 * What the fan-out process answers: `ready` once it listens; `['held', id]` once it has a
 * connection (the venue's process then closes its own descriptor, so that it can read nothing of
 * what the client sends, and says `upgrade`: only then is the upgrade answered, and the client
 * sends its first frame); each message a client sent (`null` for a binary one); `['closed', id]`
 * once per socket that ended.
 */
export type SocketFanOutReply =
  | 'ready'
  | readonly ['held', id: number]
  | readonly ['message', id: number, text: string | null]
  | readonly ['closed', id: number];

/** The limits the fan-out process applies itself. */
export interface SocketFanOutLimits {
  /** The largest frame a client may send, in bytes; a larger one closes its socket (1009). */
  readonly maxPayload: number;
  /** Bytes queued for a client at most; a client that lets more pile up is dropped. */
  readonly maxBufferedBytes: number;
}

/** `messages` as consecutive unmasked text frames (RFC 6455 §5.2), in one buffer. */
export function textFrames(messages: readonly string[]): Buffer {
  let size = 0;
  const lengths = messages.map((message) => {
    const length = Buffer.byteLength(message);
    size += headerSize(length) + length;
    return length;
  });
  const frames = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < messages.length; i++) {
    const length = lengths[i]!;
    frames[at++] = 0x81; // FIN, text
    if (length < 126) frames[at++] = length;
    else if (length < 0x10000) {
      frames[at++] = 126;
      at = frames.writeUInt16BE(length, at);
    } else {
      frames[at++] = 127;
      at = frames.writeBigUInt64BE(BigInt(length), at);
    }
    at += frames.write(messages[i]!, at);
  }
  return frames;
}

function headerSize(length: number): number {
  return length < 126 ? 2 : length < 0x10000 ? 4 : 10;
}
