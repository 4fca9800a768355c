// The chat assistant. Other features import from this file only, never from the feature's modules.
export { ChatPanel } from './ChatPanel';
