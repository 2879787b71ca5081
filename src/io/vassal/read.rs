//! Reading a module back.
