// The cards module's face to other modules (docs/cards.md): the merchant's card service, the
// consumer's card service at checkout, the card desk machines' card readers talk to, and the hook
// the transaction module calls when a sale that touches a card is refunded.
export { createCardsService, type CardsService } from './cards-service';
export { createCardConsumerService, type CardConsumerService } from './consumer-service';
export {
  createCardDesk,
  findConfirmedCardPayment,
  type CardDesk,
  type CardMachineAnswer,
  type CardMachineRequest,
} from './machine-desk';
export { refundCardOfSale } from './sale-refund';
export { codeOfFailedCardRequest, type FailedCardRequest } from './settlement-failure';
