// Legal texts (user agreement, privacy). Other features import from this file only, never from the feature's modules.
export { AgreementText } from './AgreementText';
