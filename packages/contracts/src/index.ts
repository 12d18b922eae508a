export * from './constants';
export * from './errors';
export * from './permissions';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/merchant';
export * from './schemas/place';
