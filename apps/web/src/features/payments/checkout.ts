import type { Checkout } from '@nimbus/contract';

/**
 * Sends the payer to the gateway: a plain redirect when the gateway takes a URL, otherwise a hidden
 * form posted to it (gateways that want their fields in a POST body).
 */
export function goToCheckout(checkout: Checkout) {
  if (checkout.postData === null) {
    window.location.assign(checkout.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = checkout.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(checkout.postData)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
