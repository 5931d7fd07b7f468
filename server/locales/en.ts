/**
 * The server's English catalogue: each message of server/domain/serverMessages.ts is its own English text
 * (the id is the message). Russian and Thai are typed against the same list.
 */
import { SERVER_MESSAGES, type ServerMessage } from "../domain/serverMessages";

const en = Object.fromEntries(SERVER_MESSAGES.map((message) => [message, message])) as Record<ServerMessage, string>;

export default en;
