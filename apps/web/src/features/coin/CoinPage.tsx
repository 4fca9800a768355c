export default function CoinPage() {
  return null;
}
