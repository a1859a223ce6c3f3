/** The smallest environment a production start accepts: real mail, a public URL and both upstream nodes. */
export const productionSettings = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_FROM: 'no-reply@example.com',
  PUBLIC_URL: 'https://dash.example.com',
  UPSTREAM_MAINNET_URL: 'http://127.0.0.1:8545',
  UPSTREAM_DEVNET_URL: 'http://127.0.0.1:8546',
};
