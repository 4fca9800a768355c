// Sign-in and account flows: the user menu, the form kit and resolvers shared by the account screens, OAuth and wallet (SIWE) helpers. Other features import from this file only, never from the feature's modules.
export { UserMenu } from './UserMenu';
export { authApi } from './auth-api';
export { TelegramWidget, startOAuth, useProviders } from './SocialButtons';
export { signSiwe, walletErrorKey } from './WalletLogin';
export { CodeInput, Field, FormMessage, TextInput, apiErrorToForm, inputCls, retryAfterOf, setFieldErrors, useCountdown } from './form';
export { codeResolver, emailResolver, keyedResolver, loginResolver, newPasswordResolver, registerResolver } from './form-schemas';
