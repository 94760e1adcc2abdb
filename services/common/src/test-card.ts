// The built-in test provider's card (spec 9): the one number its checkout accepts, shown in test mode on the
// pricing page and the test checkout page. Any expiry date and CVV are accepted. Shared by the gateway, the
// web app (through its path alias) and the tests, so the number is written once.

/** The card as people read and type it, in groups of four. */
export const TEST_CARD_DISPLAY = '4242 4242 4242 4242';

/** The card's digits alone. */
export const TEST_CARD_DIGITS = TEST_CARD_DISPLAY.replace(/ /g, '');

/** A typed card number as digits, spaces and dashes dropped, for comparing with the test card. */
export const cardDigits = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '');

/** Whether what was typed is the test card, however it was grouped. */
export const isTestCard = (value: string | undefined) => cardDigits(value) === TEST_CARD_DIGITS;
