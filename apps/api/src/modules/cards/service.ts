// The cards module's face to other modules (docs/cards.md): the merchant's card service, the card
// desk that machines' card readers talk to, and the sale hooks of the transaction module.
export {
  createCardDesk,
  findConfirmedCardPayment,
  type CardDesk,
  type CardMachineAnswer,
  type CardMachineRequest,
} from './machine-desk';
