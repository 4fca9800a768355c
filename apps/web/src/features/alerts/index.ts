// Alerts: price/signal/news alerts, their delivery channels and the notification bell. Other features import from this file only, never from the feature's modules.
export { AlertsSettingsLink } from './AlertsPage';
export { CoinAlertButton } from './CoinAlertButton';
export { CreateAlertDialog } from './CreateAlertDialog';
export { StrategyAlertButton } from './StrategyAlertButton';
