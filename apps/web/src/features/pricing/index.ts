// Plans, upgrades and invitations. Other features import from this file only, never from the feature's modules.
export { useUpgradePrompt } from './UpgradeDialog';
export { InvitationCodeButton } from './InvitationDialog';
